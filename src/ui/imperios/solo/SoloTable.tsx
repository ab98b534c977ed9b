/**
 * A solo game of Imperios Milenarios (issue 23): the player holds one seat of the board, bots hold the others
 * (./useSoloBots.ts, thinking in a Web Worker: ./botRunner.ts). A strip under the header names the bots, the seat
 * deciding now and the last bot move in words; the board itself marks whose decision it is and logs every move.
 * Once the game is over, "Watch the replay" steps through it as a hot-seat game's does.
 */
import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { awaitedSeats, isMapAction, type Action, type Seat } from '../../../games/imperios/rules';
import { ChoiceButton } from '../../prompt/ChoiceButton';
import { colors } from '../../theme';
import { asCore } from '../core';
import { ImperiosBoard } from '../ImperiosBoard';
import { ImperiosReplayViewer } from '../ImperiosReplay';
import { SeatMark } from '../SeatMark';
import { seatName } from '../seats';
import type { ImperiosSession } from '../session';
import { KIND_WORDS, mapActionText } from '../wording';
import { makeSoloBotRunner, type SoloBotRunner } from './botRunner';
import { SOLO_LEVEL_WORDS, type SoloSeats } from './soloSeats';
import { SOLO_BOT_PAUSE_MS, SoloBotDriver } from './soloDriver';

/** A bot's move in words, for the strip ("announces: conquer Susa"). */
export function botMoveText(a: Action): string {
  if (isMapAction(a)) return `announces: ${mapActionText(a)}`;
  if (a.kind === 'endTurn') return 'ends its turn';
  if (a.kind === 'block') return 'blocks the action';
  if (a.kind === 'letPass') return 'lets the action pass';
  return KIND_WORDS[a.kind].label.toLowerCase();
}

/** The bots' least pause from the address (`?botPause=` ms, as Mint's bots), else the default. */
export function botPauseFromAddress(): number {
  const raw = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('botPause');
  const ms = raw === null ? NaN : Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : SOLO_BOT_PAUSE_MS;
}

/**
 * A number per state of the game, in the order first drawn: the strip (drawn at once) and the board (deferred) each
 * show theirs (`data-state`), so a test knows when the board has caught up with the game.
 */
const stateNumbers = new WeakMap<object, number>();
let drawnStates = 0;
function stateNumber(view: object): number {
  let n = stateNumbers.get(view);
  if (n === undefined) stateNumbers.set(view, (n = ++drawnStates));
  return n;
}

function randomBotSeed(): string {
  return `solo-bots-${Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('')}`;
}

/** The strip under the header: the bots, the last bot move in words, the bot deciding now. Redrawn on its own. */
function SoloStrip({ session, driver, solo, where }: { session: ImperiosSession; driver: SoloBotDriver; solo: SoloSeats; where: string }) {
  const view = useSyncExternalStore(session.subscribe, session.getState);
  const status = useSyncExternalStore(driver.subscribe, driver.getStatus);
  if (!view) return null;
  const bots: Seat[] = view.civs.map((c) => c.seat).filter((s) => s !== solo.human);
  return (
    <div data-testid="imp-solo" data-bot-runner={where} data-thinking={status.thinking ?? ''} data-bot-moves={status.moves}
      data-awaited={awaitedSeats(asCore(view)).join(',')} data-state={stateNumber(view)}
      style={{ display: 'flex', gap: 10, alignItems: 'center', flexWrap: 'wrap', fontSize: 13, marginBottom: 4 }}>
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        Bots ({SOLO_LEVEL_WORDS[solo.level].name}): {bots.map((s) => <SeatMark key={s} seat={s} />)}
      </span>
      <span role="status" aria-live="polite" data-testid="imp-solo-last">
        {status.last ? `${seatName(status.last.seat)} ${botMoveText(status.last.action)}.` : ''}
      </span>
      {status.thinking !== null && <span style={{ color: colors.muted }}>{seatName(status.thinking)} is deciding…</span>}
    </div>
  );
}

export function SoloTable({ session, solo, onExit, extra, seed, pauseMs = botPauseFromAddress(), makeRunner = makeSoloBotRunner }: {
  session: ImperiosSession; solo: SoloSeats; onExit(): void;
  /** A row under the strip: the save and the record's download (../ImperiosScreen.tsx). */
  extra?: ReactNode;
  /** The test's seed (`?seed=`): the bots' seeds follow from it; otherwise they are random. Never the game's seed. */
  seed?: string;
  pauseMs?: number;
  /** Where the bots think (tests hand a worker double); the table owns what it makes and disposes of it. */
  makeRunner?: () => SoloBotRunner;
}) {
  // The board draws a deferred copy of the game: when bots move faster than it can draw (no pause), React skips to
  // the latest state instead of drawing every one, and the bots never wait for it.
  const view = useDeferredValue(useSyncExternalStore(session.subscribe, session.getState));
  const runner = useMemo(() => makeRunner(), [makeRunner]);
  const botSeed = useMemo(() => (seed ? `${seed}-bots` : randomBotSeed()), [seed]);
  const driver = useMemo(() => new SoloBotDriver(session, solo, runner, { pauseMs, seed: botSeed }), [session, solo, runner, pauseMs, botSeed]);
  useEffect(() => {
    driver.start();
    return () => driver.stop();
  }, [driver]);
  useEffect(() => () => runner.dispose(), [runner]);
  useEffect(() => () => session.stop(), [session]);
  const [replay, setReplay] = useState<ReturnType<NonNullable<ImperiosSession['history']>> | null>(null);
  const header = useMemo(() => <><SoloStrip session={session} driver={driver} solo={solo} where={runner.where} />{extra}</>,
    [session, driver, solo, runner, extra]);
  const board = useMemo(() => {
    if (!view) return null;
    const watch = view.result && session.history
      ? <ChoiceButton data-choice="imp-watch" onClick={() => setReplay(session.history!())} style={{ margin: 8 }}>Watch the replay</ChoiceButton>
      : undefined;
    return (
      <div style={{ display: 'contents' }} data-testid="imp-solo-board" data-state={stateNumber(view)}>
        <ImperiosBoard view={view} seat={solo.human} act={(a) => session.act(solo.human, a)} onExit={onExit} controls={watch}
          title="Imperios · against bots" extra={header} />
      </div>
    );
  }, [view, session, solo, onExit, header]);
  if (!view) return <p role="status">Starting…</p>;
  if (replay) {
    return <ImperiosReplayViewer replay={replay} names={view.civs.map((c) => seatName(c.seat))} onExit={() => setReplay(null)} />;
  }
  return board;
}
