/**
 * "Learn to play" Imperios Milenarios (issue 23): a Tutorial-mode game of four (IM3.1.2: it ends by the Copper Age),
 * the player at seat 0 and the built-in greedy bots (src/games/imperios/ai/baseline.ts) at the others, under a coach
 * strip (Mint's, ../../tutorial/CoachPanel.tsx) that explains one thing at a time (./steps.ts) and moves on when the
 * game shows the player did it. The bots see the public view only (IM14.1) and act one decision at a time, a moment
 * apart, so their moves can be followed on the board and in the log. Not saved with the games: it is a lesson, not a
 * game to keep; but with `keep`, this tab keeps it (./tutorialSave.ts) so a reload comes back into it, the lessons
 * where they were and the bots choosing as they would have.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { greedyAction } from '../../../games/imperios/ai/baseline';
import { awaitedSeats, publicView, type ImperiosState } from '../../../games/imperios/rules';
import { seedState, nextFloat } from '../../../games/imperios/rules/rng';
import { setImperiosOpen } from '../openGame';
import { CoachFrame, lessonState } from '../../tutorial/CoachFrame';
import { colors } from '../../theme';
import { ImperiosBoard } from '../ImperiosBoard';
import { coreSession, type ImperiosSession } from '../session';
import { advance, HUMAN, IMP_STEPS, type Outcome } from './steps';
import { clearTutorial, writeTutorial } from './tutorialSave';

/** The name ../openGame.ts gives the tutorial on screen (a save's id starts with `imp-`). */
export const TUTORIAL_OPEN = 'tutorial';

/** How long a bot's decision stays on screen before the next one (ms). */
export const BOT_PAUSE_MS = 450;

/** The next bot decision to play now, if the game waits for a bot (the player answers theirs themselves). */
function botTurn(state: ImperiosState, rnd: () => number) {
  if (state.phase === 'over') return null;
  const seat = awaitedSeats(state).find((s) => s !== HUMAN);
  if (seat === undefined) return null;
  const action = greedyAction(publicView(state), seat, rnd);
  return action ? { seat, action } : null;
}

export function ImperiosTutorial({ seed, onExit, pauseMs = BOT_PAUSE_MS, session: given, bots, keep = false }: {
  seed?: string; onExit(): void; pauseMs?: number; session?: ImperiosSession;
  /** A resumed lesson's bots' stream (./tutorialSave.ts). */
  bots?: number;
  /** Keep the lesson in this tab after every move, for a reload (the Imperios screen's; not in component tests). */
  keep?: boolean;
}) {
  const session = useMemo(() => given ?? coreSession({ players: 4, mode: 'tutorial', ...(seed ? { seed } : {}) }), [given, seed]);
  const view = useSyncExternalStore(session.subscribe, session.getState) as ImperiosState;
  // A resumed lesson: its outcomes as they came, step by step through the states it went through.
  const [outcomes, setOutcomes] = useState<Outcome[]>(() => (session.history?.().states ?? []).reduce(advance, [] as Outcome[]));
  // The bots' choices among equals: a seeded stream, so a fixed ?seed= gives the same lesson every time.
  const holder = useMemo(() => ({ rng: bots ?? seedState(`${seed ?? 'tutorial'}-bots`) }), [seed, bots]);
  const rnd = useMemo(() => () => nextFloat(holder), [holder]);
  useEffect(() => () => session.stop(), [session]);
  useEffect(() => {
    if (!keep || !session.record) return undefined;
    // After each move (a bot draws from its stream before its move, so the stream kept is the one after it).
    const store = () => {
      if (session.getState()?.phase === 'over') {
        clearTutorial();
        setImperiosOpen(null);
        return;
      }
      writeTutorial({ record: session.record!(), bots: holder.rng });
      setImperiosOpen(TUTORIAL_OPEN);
    };
    store();
    const off = session.subscribe(store);
    return () => {
      off();
      clearTutorial(); // left ("Leave tutorial"): a reload opens the start screen
      setImperiosOpen(null);
    };
  }, [keep, session, holder]);
  useEffect(() => setOutcomes((o) => advance(o, view)), [view]);
  useEffect(() => {
    const next = botTurn(view, rnd);
    if (!next) return;
    const t = setTimeout(() => session.act(next.seat, next.action), pauseMs);
    return () => clearTimeout(t);
  }, [view, session, rnd, pauseMs]);

  const n = outcomes.length;
  const step = IMP_STEPS[n];
  const lessons = IMP_STEPS.map((s, i) => ({ id: s.id, title: s.title, state: lessonState(outcomes, i) }));
  const skipped = outcomes.filter((o) => o === 'skipped').length;
  const count = n < IMP_STEPS.length ? `${n + 1}/${IMP_STEPS.length}` : `✓ ${IMP_STEPS.length - skipped} of ${IMP_STEPS.length} lessons`;
  const waiting = awaitedSeats(view).length > 0 && !awaitedSeats(view).includes(HUMAN);
  const coach = (
    <CoachFrame lessons={lessons} count={count} onLeave={onExit} attrs={{ 'data-step': step?.id ?? 'done' }}>
      {step ? (
        <p>
          <strong>{step.title}.</strong> {step.text(view)}{' '}
          <small style={{ color: colors.muted }} data-rule={step.rule}>Rule {step.rule} (the Rules tab).</small>
          {waiting && <small style={{ color: colors.muted }}> The bots are deciding…</small>}
        </p>
      ) : (
        <p>
          <strong>That is the whole game.</strong>{' '}
          {skipped > 0 ? `${skipped} lesson(s) were skipped because the game went another way; the Rules tab tells them. ` : ''}
          Play a hot-seat game from the Imperios start screen, or leave the tutorial.
        </p>
      )}
    </CoachFrame>
  );
  return <ImperiosBoard view={view} seat={HUMAN} act={(a) => session.act(HUMAN, a)} onExit={onExit} extra={coach} title="Imperios · Learn to play" />;
}
