/**
 * The Imperios Milenarios entry of the start screen, a lazy chunk (issue 23 item 7): choose four to seven players
 * and the mode (IM3.1.1–IM3.1.2: Epic needs six or seven), then a hot-seat game on this device; or resume a saved
 * one (./localSaves.ts), learn to play (./tutorial/), or open a record file in the replay viewer. A reload during a
 * hot-seat game or the tutorial comes back into it (./openGame.ts).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { MODES, MODE_IDS, type ModeId } from '../../games/imperios/content/modes';
import type { ImperiosRecord } from '../../games/imperios/record';
import { parseImperiosRecord, replayCore, type ImperiosReplay } from '../../games/imperios/replay';
import { ConfirmDialog } from '../dialog/Dialog';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { Choice, Group } from '../screens/StartParts';
import { HotSeat } from './HotSeat';
import { FinishedImperios, ImperiosReplayViewer } from './ImperiosReplay';
import {
  deleteImperiosSave, downloadImperiosRecord, listImperiosSaves, MAX_IMPERIOS_SAVES, newSaveId, readImperiosSave, saveLine, saveOf,
  writeImperiosSave, type ImperiosSave,
} from './localSaves';
import { imperiosOpenId, setImperiosOpen } from './openGame';
import { SavedImperios } from './SavedImperios';
import { coreSession, resumeSession, type ImperiosSession, type LocalSetup } from './session';
import { soloSaveDue } from './solo/saveDue';
import { SoloSetup } from './solo/SoloSetup';
import type { SoloSeats } from './solo/soloSeats';
import { SoloTable } from './solo/SoloTable';
import { ImperiosTutorial, TUTORIAL_OPEN } from './tutorial/ImperiosTutorial';
import { readTutorial } from './tutorial/tutorialSave';

const MODE_NOTES: Record<ModeId, string> = {
  tutorial: 'Ends by the Copper Age: a short first game.',
  normal: 'Ends by the Bronze Age.',
  epic: 'Ends by the Iron Age; six or seven players.',
};

export function ImperiosSetup({ onStart, onExit, onTutorial, children }: {
  onStart(setup: LocalSetup): void; onExit(): void; onTutorial?: () => void;
  /** The saved games, the record file and any message, between the new game and the replays. */
  children?: ReactNode;
}) {
  const [players, setPlayers] = useState(4);
  const [mode, setMode] = useState<ModeId>('normal');
  const allowed = MODES[mode].players.includes(players);
  return (
    <main style={{ maxWidth: 620, margin: '0 auto', padding: '6vh 16px 32px', display: 'grid', gap: 14 }}>
      <h1 style={{ margin: 0 }}>Imperios Milenarios</h1>
      <p style={{ margin: 0, color: colors.muted }}>
        Four to seven civilizations spend red, yellow, blue and black chits to raise armies, learn, trade and settle the
        ancient world. Hot-seat: everyone plays on this device, passing it when the board asks.
      </p>
      {onTutorial && (
        <Choice $primary onClick={onTutorial} data-start="imperios-tutorial">
          Learn to play
          <small>A short guided Tutorial game: you and three built-in bots, a coach explaining each step.</small>
        </Choice>
      )}
      <Group aria-label="New hot-seat game">
        <h2>New hot-seat game</h2>
        <fieldset style={{ border: 'none', margin: 0, padding: 0, display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <legend style={{ marginBottom: 6 }}>Players (IM3.1.1: 4 the East half, 5 the West, 6–7 the whole map)</legend>
          {[4, 5, 6, 7].map((n) => (
            <label key={n} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', minHeight: 44 }}>
              <input type="radio" name="imp-players" value={n} checked={players === n} onChange={() => setPlayers(n)} data-players={n} /> {n}
            </label>
          ))}
        </fieldset>
        <fieldset style={{ border: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
          <legend style={{ marginBottom: 6 }}>Mode (IM3.1.2)</legend>
          {MODE_IDS.map((m) => (
            <label key={m} style={{ display: 'flex', gap: 6, alignItems: 'center', minHeight: 40 }}>
              <input type="radio" name="imp-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-mode={m} />
              <span><strong>{MODES[m].name}</strong> <small style={{ color: colors.muted }}>{MODE_NOTES[m]}</small></span>
            </label>
          ))}
        </fieldset>
        <Choice $primary disabled={!allowed} onClick={() => onStart({ players, mode })} data-start="imperios-go">
          Start a {players}-player {MODES[mode].name} game
          <small>{allowed ? 'The most senior civilization chooses its Metropolis first.' : 'Epic needs six or seven players.'}</small>
        </Choice>
      </Group>
      {children}
      <FinishedImperios />
      <Choice onClick={onExit} data-choice="exit">Back<small>To the start screen.</small></Choice>
    </main>
  );
}


type Screen =
  | { kind: 'setup' }
  | { kind: 'game'; session: ImperiosSession; id: string; startedAt: number; solo?: SoloSeats }
  | { kind: 'tutorial'; resumed?: { session: ImperiosSession; bots: number } }
  | { kind: 'file'; replay: ImperiosReplay; names: string[] };

/**
 * The screen: the set-up form with the saved games, then the game in the session `makeSession` makes. The page runs
 * the rules core in the page (coreSession), not boardgame.io's Local client (localMatch.ts): any import of
 * boardgame.io from this chunk makes the bundler cut shared boardgame.io files out of the first load into chunks of
 * their own, +0.9 to +1.9 kB gzip measured (tests/e2e/a11y.test.ts).
 */
export function ImperiosScreen({ seed, onExit, makeSession = coreSession }: {
  seed?: string; onExit(): void; makeSession?: (setup: LocalSetup) => ImperiosSession;
}) {
  const [opening] = useState(reopened);
  const [screen, setScreen] = useState<Screen>(opening.screen);
  const [saved, setSaved] = useState(listImperiosSaves);
  const [note, setNote] = useState<string | null>(opening.note);
  const [making, setMaking] = useState<LocalSetup | null>(null);
  const toSetup = () => { setSaved(listImperiosSaves()); setScreen({ kind: 'setup' }); };
  const begin = (s: LocalSetup) => {
    setMaking(null);
    setNote(null);
    setScreen({ kind: 'game', session: makeSession({ ...s, ...(seed ? { seed } : {}) }), id: newSaveId(), startedAt: Date.now(), solo: s.solo });
  };
  const resume = (save: ImperiosSave) => {
    const session = resumeSession(save.record);
    if ('error' in session) setNote(`This saved game cannot be resumed: ${session.error}. It is kept on this device as it was.`);
    else setScreen({ kind: 'game', session, id: save.id, startedAt: save.startedAt, solo: save.solo });
  };
  const start = (s: LocalSetup) => (saved.saves.length >= MAX_IMPERIOS_SAVES ? setMaking(s) : begin(s));
  const open = async (file: File) => {
    const r = await readImperiosFile(file);
    if ('error' in r) setNote(r.error);
    else setScreen({ kind: 'file', replay: replayCore(r), names: r.players });
  };
  if (screen.kind === 'game') return <LocalGame {...screen} seed={seed} onExit={toSetup} />;
  if (screen.kind === 'tutorial') {
    return <ImperiosTutorial seed={seed} onExit={toSetup} keep session={screen.resumed?.session} bots={screen.resumed?.bots} />;
  }
  if (screen.kind === 'file') return <ImperiosReplayViewer replay={screen.replay} names={screen.names} onExit={toSetup} />;
  const oldest = saved.saves[saved.saves.length - 1];
  return (
    <ImperiosSetup onExit={onExit} onTutorial={() => setScreen({ kind: 'tutorial' })} onStart={start}>
      {note && <p role="alert" style={{ margin: 0, color: colors.danger }} data-testid="imp-note">{note}</p>}
      <SavedImperios saves={saved.saves} unreadable={saved.unreadable.length} onResume={resume}
        onDeleted={() => setSaved(listImperiosSaves())} />
      {/* A game against bots (./solo/): the player holds one seat. */}
      <SoloSetup onStart={start} />
      <label style={{ display: 'grid', gap: 4 }}>
        <span>Open a record file (a downloaded Imperios game) in the replay viewer</span>
        <input type="file" accept=".json,application/json" data-choice="imp-open-record"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void open(f); }} />
      </label>
      {making && oldest && (
        <ConfirmDialog title="Delete your oldest saved game?" danger testId="imp-full-dialog"
          text={<p>This device keeps up to {MAX_IMPERIOS_SAVES} hot-seat games. To start a new one, the oldest goes: {saveLine(oldest)}.</p>}
          confirmLabel="Delete it and start" cancelLabel="Keep it"
          onCancel={() => setMaking(null)}
          onConfirm={() => { deleteImperiosSave(oldest.id); begin(making); }} />
      )}
    </ImperiosSetup>
  );
}

/**
 * The screen a reload opens on: the running game this tab had on screen (./openGame.ts), at the seat it awaits,
 * or the set-up when there is none (left, over, or not saved yet: no move made), or it no longer replays.
 */
function reopened(): { screen: Screen; note: string | null } {
  const id = imperiosOpenId();
  const setup = { screen: { kind: 'setup' } as const, note: null };
  if (!id) return setup;
  if (id === TUTORIAL_OPEN) return reopenedTutorial() ?? setup;
  const save = readImperiosSave(id);
  if ('error' in save || save.over) {
    setImperiosOpen(null);
    return setup;
  }
  const session = resumeSession(save.record);
  if ('error' in session) {
    setImperiosOpen(null);
    return { ...setup, note: `The game on screen before the reload cannot be resumed: ${session.error}. It is kept on this device as it was.` };
  }
  return { screen: { kind: 'game', session, id, startedAt: save.startedAt, solo: save.solo }, note: null };
}

/** The lesson this tab kept (./tutorial/tutorialSave.ts), resumed; null (and forgotten) when it cannot be. */
function reopenedTutorial(): { screen: Screen; note: null } | null {
  const kept = readTutorial();
  const session = kept && resumeSession(kept.record);
  if (!kept || !session || 'error' in session) {
    setImperiosOpen(null);
    return null;
  }
  return { screen: { kind: 'tutorial', resumed: { session, bots: kept.bots } }, note: null };
}

/** A record file chosen by the player: the record, or what is wrong with it, in words for the screen. */
export async function readImperiosFile(file: Blob): Promise<ImperiosRecord | { error: string }> {
  if (file.size > 20_000_000) return { error: 'This file is too large to be a game record.' };
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch {
    return { error: 'This file is not a game record (not JSON).' };
  }
  return checkImperiosRecord(body);
}

/** A record file's contents (parsed JSON): an Imperios record, or what is wrong with it in words for the screen. */
export function checkImperiosRecord(body: unknown): ImperiosRecord | { error: string } {
  if ((body as { game?: unknown } | null)?.game === 'mint-imperium') {
    return { error: "This is a record of Mint Imperium, not of Imperios Milenarios: open it from the start screen's Replays." };
  }
  const r = parseImperiosRecord(body);
  return 'error' in r ? { error: `This file is not a record of Imperios Milenarios this version can open: ${r.error}.` } : r;
}

/** A hot-seat game, or one against bots, on screen: saved after every accepted move (none before the first: nothing to lose). */
function LocalGame({ session, id, startedAt, solo, seed, onExit }: {
  session: ImperiosSession; id: string; startedAt: number; solo?: SoloSeats; seed?: string; onExit(): void;
}) {
  const [stored, setStored] = useState<boolean | null>(null);
  const [over, setOver] = useState(() => session.getState()?.phase === 'over');
  // A reload comes back into this game while it runs (./openGame.ts); "Leave" (unmounting it) or its end does not.
  useEffect(() => {
    setImperiosOpen(over ? null : id);
    return () => setImperiosOpen(null);
  }, [id, over]);
  useEffect(() => {
    // Against bots, not after every bot move (./solo/saveDue.ts); leaving writes the latest.
    const due = solo ? soloSaveDue(solo) : () => true;
    const save = (force: boolean) => {
      const state = session.getState();
      if (!state || !('rng' in state) || (!force && !due(state))) return;
      const rec = session.record?.();
      if (rec && rec.moves.length > 0) setStored(writeImperiosSave(saveOf(id, startedAt, state, rec, solo)));
    };
    const stop = session.subscribe(() => {
      setOver(session.getState()?.phase === 'over');
      save(false);
    });
    return () => {
      stop();
      if (solo) save(true);
    };
  }, [session, id, startedAt, solo]);
  const bar = session.record && (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', fontSize: 13 }} data-testid="imp-save-bar">
      <span role="status" data-saved={stored === null ? 'none' : String(stored)} style={{ color: stored === false ? colors.danger : colors.muted }}>
        {stored === null ? 'Saved on this device from the first move.' : stored ? 'Saved on this device: resume it from the start screen.' : 'Not saved: this device refused to store it.'}
      </span>
      {/* Only once the game is over: the record holds the seed, which tells every future draw (IM14.1). */}
      {over && (
        <ChoiceButton $small onClick={() => downloadImperiosRecord(session.record!())} data-choice="imp-download"
          title="The game's record (JSON): seed and every move, re-run exactly by the replay viewer or npm run replay">
          Download the record
        </ChoiceButton>
      )}
    </div>
  );
  if (solo) return <SoloTable session={session} solo={solo} seed={seed} onExit={onExit} extra={bar} />;
  return <HotSeat session={session} onExit={onExit} extra={bar} />;
}
