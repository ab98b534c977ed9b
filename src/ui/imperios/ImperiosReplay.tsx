/**
 * The replay of a finished game of Imperios Milenarios (issue 23 item 7), a lazy chunk like the rest of the board:
 * the server's record of a match (`GET /games/imperios/:id/record`, served once the game is over), or a record file,
 * re-run by the rules core in the page (src/games/imperios/replay.ts: no boardgame.io here), then the ordinary board, read-only,
 * at the chosen step, under a control bar: start, back, forward, end, a slider, and what the step did in words.
 * Keys: ← → step, Home / End. Nothing is hidden: hands are open (G48) and the game is over, so its generator's draws
 * are no secret any more; the board shows the public view (IM14.1) as every player saw it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ImperiosRecord } from '../../games/imperios/record';
import type { PublicMatch } from '../../protocol';
import { parseImperiosRecord, replayCore, type ImperiosReplay } from '../../games/imperios/replay';
import { allEvents } from '../../games/imperios/rules';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { ImperiosBoard } from './ImperiosBoard';
import { sentence } from './LogList';
import { SeatMark } from './SeatMark';

const IMPERIOS = 'imperios';

/**
 * The game server: the page's own origin, or VITE_SERVER (as src/ui/online/lobbyApi.ts `serverURL`, not imported:
 * that module would then become a chunk of its own, fetched on the first screen with its own overhead).
 */
function serverURL(): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  return env?.VITE_SERVER ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8000');
}

/**
 * The board, for the online screens (./online/ImperiosOnline.tsx): taken from here, the board stays in this chunk
 * instead of a chunk of its own, whose name the first load's list of lazy files would carry (tests/e2e/a11y.test.ts).
 */
export { ImperiosBoard };

/** The record of a finished online match, or what went wrong, in words for the screen. */
export async function fetchImperiosRecord(matchID: string, server = serverURL()): Promise<ImperiosRecord | { error: string }> {
  let res: Response;
  try {
    res = await fetch(`${server}/games/${IMPERIOS}/${encodeURIComponent(matchID)}/record`, { headers: { Accept: 'application/json' } });
  } catch {
    return { error: 'The server cannot be reached.' };
  }
  if (res.status === 409) return { error: 'This match is not over yet: its replay opens once the game has ended.' };
  if (res.status === 404) return { error: 'There is no such match on this server (any more).' };
  if (!res.ok) return { error: `The server did not send the record (error ${res.status}).` };
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { error: 'The server sent something that is not a record.' };
  }
  const rec = parseImperiosRecord(body);
  return 'error' in rec ? { error: `The server's record cannot be read: ${rec.error}.` } : rec;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
}

/**
 * The viewer: the board at step `step` of `replay`, and the control bar. `names`: the players' names by seat.
 * `replay.exact` says whether a record's re-run reached its recorded result; a game kept by this page (hot-seat)
 * has no record to check, and leaves it out.
 */
export function ImperiosReplayViewer({ replay, names: given, onExit, initialStep = 0 }: {
  replay: Omit<ImperiosReplay, 'exact'> & { exact?: boolean }; names: string[]; onExit(): void; initialStep?: number;
}) {
  const last = replay.states.length - 1;
  const [step, setStepRaw] = useState(() => Math.max(0, Math.min(last, initialStep)));
  const go = useCallback((k: number) => setStepRaw(Math.max(0, Math.min(last, Math.round(k)))), [last]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') go(step - 1);
      else if (e.key === 'ArrowRight') go(step + 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, step, last]);

  const view = replay.states[step];
  // What this step did: the events it added to the log (a step only ever adds events).
  const said = useMemo(() => {
    if (step === 0) return ['The start of the game: step forward with ▶ or →.'];
    const before = allEvents(replay.states[step - 1]).length;
    return allEvents(view).slice(before).map(sentence);
  }, [replay, step, view]);
  const mover = step > 0 ? replay.movers[step - 1] : null;
  const names = given.map((n, i) => n || `Player ${i + 1}`);
  const controls = (
    <section aria-label="Replay controls" data-testid="imp-replay-controls" data-step={step}
      style={{ display: 'grid', gap: 6, padding: 8, background: colors.surface, borderTop: `1px solid ${colors.border}` }}>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'center' }}>
        <ChoiceButton onClick={() => go(0)} disabled={step === 0} aria-label="To the start" data-replay="start">«</ChoiceButton>
        <ChoiceButton onClick={() => go(step - 1)} disabled={step === 0} aria-label="One step back" data-replay="back">◀</ChoiceButton>
        <ChoiceButton $primary onClick={() => go(step + 1)} disabled={step === last} aria-label="One step forward" data-replay="forward">▶</ChoiceButton>
        <ChoiceButton onClick={() => go(last)} disabled={step === last} aria-label="To the end" data-replay="end">»</ChoiceButton>
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flex: 1, minWidth: 160 }}>
          <span data-testid="imp-replay-step">Step {step} of {last}</span>
          <input type="range" min={0} max={last} value={step} onChange={(e) => go(Number(e.target.value))} aria-label="Step" style={{ flex: 1 }} />
        </label>
        <ChoiceButton onClick={onExit} data-replay="exit">Leave</ChoiceButton>
      </div>
      <div aria-live="polite" data-testid="imp-replay-moment" style={{ fontSize: 13 }}>
        {mover !== null && mover !== undefined && (
          <strong style={{ display: 'inline-flex', gap: 4, alignItems: 'center', marginRight: 6 }}>
            <SeatMark seat={mover} /> {names[mover]}:
          </strong>
        )}
        {said.join(' ') || 'Nothing of it shows in the log.'}
      </div>
      {replay.exact === undefined ? null : replay.exact
        ? <small style={{ color: colors.muted }} data-testid="imp-replay-verified">
          {/* A local game's record may be of a game still running (result null): its re-run ends where it was. */}
          ✓ Re-run through the rules, the record reaches exactly {replay.states[last].result ? 'its recorded result' : 'its last recorded move (the game was still running)'}.
        </small>
        : <small role="alert" style={{ color: colors.danger }} data-testid="imp-replay-mismatch">
          ⚠ {replay.error ? `The record stops re-running at ${replay.error}.` : 'The re-run does not reach the recorded result.'}
        </small>}
    </section>
  );
  return (
    <div data-screen="imperios-replay" data-step={step}>
      <ImperiosBoard view={view} seat={null} act={() => {}} controls={controls}
        title={<>Replay · {names.join(', ')}</>} />
    </div>
  );
}

/** The replay screen of an online match: fetch its record, re-run it, show the viewer. */
export function ImperiosReplayScreen({ matchID, onExit, fetchRecord = fetchImperiosRecord }: {
  matchID: string; onExit(): void; fetchRecord?: (matchID: string) => Promise<ImperiosRecord | { error: string }>;
}) {
  const [rec, setRec] = useState<ImperiosRecord | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    fetchRecord(matchID).then((r) => { if (live) setRec(r); });
    return () => { live = false; };
  }, [matchID, fetchRecord]);
  const replay = useMemo(() => (rec && !('error' in rec) ? replayCore(rec) : null), [rec]);
  if (!rec) return <p role="status" style={{ padding: 16 }}>Fetching the game record…</p>;
  if ('error' in rec || !replay) {
    return (
      <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16, display: 'grid', gap: 14 }} data-screen="replay-error">
        <h1 style={{ margin: 0 }}>This replay cannot be shown</h1>
        <p role="alert" style={{ margin: 0, color: colors.danger }}>{'error' in rec ? rec.error : 'The record does not re-run.'}</p>
        <ChoiceButton $primary onClick={onExit} data-replay="exit">Back to the start screen</ChoiceButton>
      </main>
    );
  }
  return <ImperiosReplayViewer replay={replay} names={rec.players} onExit={onExit} />;
}

/**
 * A record file the player opened from the start screen's Replays (../replay/RecordsSection.tsx; the Imperios
 * screen opens its own in place): re-run, then the viewer, which says whether it reaches the recorded result.
 */
export function ImperiosRecordReplay({ record, onExit }: { record: ImperiosRecord; onExit(): void }) {
  const replay = useMemo(() => replayCore(record), [record]);
  return <ImperiosReplayViewer replay={replay} names={record.players} onExit={onExit} />;
}

/** Finished online matches of Imperios on this server, newest first (the lobby's list, `isGameover=true`). */
export async function listFinishedImperios(server = serverURL(), limit = 20): Promise<PublicMatch[]> {
  const res = await fetch(`${server}/games/${IMPERIOS}?isGameover=true&limit=${limit}`);
  if (!res.ok) throw new Error(res.status === 429 ? 'Too many requests: try again in a moment.' : `The server answered ${res.status}.`);
  const { matches } = (await res.json()) as { matches: PublicMatch[] };
  return [...matches].sort((a, b) => b.updatedAt - a.updatedAt);
}

/**
 * The start screen's list of finished online games, each a link to its replay (`/replay/imperios/<matchID>`).
 * Asked for on demand: a page served without the game server never calls it.
 */
export function FinishedImperios({ list = listFinishedImperios }: { list?: () => Promise<PublicMatch[]> }) {
  const [matches, setMatches] = useState<PublicMatch[] | { error: string } | 'loading' | null>(null);
  const load = () => {
    setMatches('loading');
    list().then(setMatches, (e: Error) => setMatches({ error: e.message || 'The server cannot be reached.' }));
  };
  return (
    <section aria-label="Replays of finished online games" style={{ display: 'grid', gap: 6 }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>Replays</h2>
      {matches === null && <ChoiceButton onClick={load} data-choice="imp-replays">Show finished online games</ChoiceButton>}
      {matches === 'loading' && <p role="status" style={{ margin: 0 }}>Asking the server…</p>}
      {matches !== null && matches !== 'loading' && 'error' in matches && <p role="alert" style={{ margin: 0, color: colors.danger }}>{matches.error}</p>}
      {Array.isArray(matches) && matches.length === 0 && <p style={{ margin: 0, color: colors.muted }}>No finished online game on this server yet.</p>}
      {Array.isArray(matches) && matches.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 18, display: 'grid', gap: 4 }} data-testid="imp-finished">
          {matches.map((m) => (
            <li key={m.matchID}>
              <a href={`/replay/imperios/${encodeURIComponent(m.matchID)}`} style={{ color: colors.highlight }}>
                {m.players.map((p) => p.name ?? '—').join(', ')}
              </a>{' '}
              <small style={{ color: colors.muted }}>{new Date(m.updatedAt).toLocaleString()}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
