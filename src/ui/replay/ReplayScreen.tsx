/**
 * The replay screen: fetches the record (the server's record of a finished match, one kept in this browser, or a
 * file the player opened), re-runs it through the core (./timeline.ts) and shows the viewer, with a download
 * button and a mark saying whether the re-run reproduces the recorded result exactly (its fingerprint).
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fingerprint, type GameRecord } from '../../game/record';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { Loading } from '../screens/Loading';
import { colors, factionColor } from '../theme';
import { recordTitle, resultText } from './describeRecord';
import { downloadRecord, loadRecord } from './localRecords';
import { ReplayViewer } from './ReplayViewer';
import { setReplayAddress, type ReplaySource } from './routes';
import { fetchMatchRecord } from './serverRecords';
import { buildTimeline } from './timeline';

function Failure({ message, onExit }: { message: string; onExit(): void }) {
  return (
    <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 14 }} data-screen="replay-error">
      <h1 style={{ margin: 0 }}>This replay cannot be shown</h1>
      <p role="alert" style={{ margin: 0, color: colors.danger }}>{message}</p>
      <ChoiceButton $primary onClick={onExit} data-replay="exit">Back to the start screen</ChoiceButton>
    </main>
  );
}

/** Load the record of a source: the record, or what went wrong (null while loading). */
function useRecord(source: MintSource): GameRecord | { error: string } | null {
  const [rec, setRec] = useState<GameRecord | { error: string } | null>(() => {
    if (source.kind === 'file') return source.record;
    if (source.kind === 'local') return loadRecord(source.id)?.record ?? { error: 'This browser no longer keeps that game (it keeps the last 20).' };
    return null;
  });
  useEffect(() => {
    if (source.kind !== 'server') return undefined;
    let live = true;
    fetchMatchRecord(source.matchID).then((r) => { if (live) setRec(r); });
    return () => { live = false; };
  }, [source]);
  return rec;
}

// Imperios Milenarios has its own viewer, in the Imperios board's lazy chunk.
const ImperiosReplayScreen = lazy(() => import('../imperios/ImperiosReplay').then((m) => ({ default: m.ImperiosReplayScreen })));
const ImperiosRecordReplay = lazy(() => import('../imperios/ImperiosReplay').then((m) => ({ default: m.ImperiosRecordReplay })));

/** The sources Mint's own viewer shows. */
type MintSource = Exclude<ReplaySource, { game: 'imperios' }>;

export function ReplayScreen({ source, onExit }: { source: ReplaySource; onExit(): void }) {
  if (source.kind === 'server' && source.game === 'imperios') {
    return (
      <Suspense fallback={<Loading text="Opening the replay…" />}>
        <ImperiosReplay matchID={source.matchID} onExit={onExit} />
      </Suspense>
    );
  }
  if (source.kind === 'file' && source.game === 'imperios') {
    return (
      <Suspense fallback={<Loading text="Opening the replay…" />}>
        <ImperiosFile source={source} onExit={onExit} />
      </Suspense>
    );
  }
  return <MintReplay source={source} onExit={onExit} />;
}

function ImperiosFile({ source, onExit }: { source: Extract<ReplaySource, { game: 'imperios'; kind: 'file' }>; onExit(): void }) {
  // A file has no address: the address bar shows the start page's (a reload opens the start screen).
  useEffect(() => { setReplayAddress(source); }, [source]);
  return <ImperiosRecordReplay record={source.record} onExit={onExit} />;
}

function ImperiosReplay({ matchID, onExit }: { matchID: string; onExit(): void }) {
  // The address bar reopens this replay.
  useEffect(() => { setReplayAddress({ kind: 'server', matchID, game: 'imperios' }); }, [matchID]);
  return <ImperiosReplayScreen matchID={matchID} onExit={onExit} />;
}

function MintReplay({ source, onExit }: { source: MintSource; onExit(): void }) {
  const rec = useRecord(source);
  // The address bar reopens this replay (a file has no address: the start page's).
  useEffect(() => { setReplayAddress(source); }, [source]);
  const built = useMemo(() => {
    if (!rec || 'error' in rec) return null;
    try {
      return buildTimeline(rec);
    } catch (e) {
      return { failed: (e as Error).message };
    }
  }, [rec]);
  if (!rec) return <Loading text="Fetching the game record…" />;
  if ('error' in rec) return <Failure message={rec.error} onExit={onExit} />;
  if (!built || 'failed' in built) return <Failure message={`The record does not re-run: ${built?.failed ?? 'unknown error'}`} onExit={onExit} />;
  const exact = !built.error && fingerprint(built.state(built.length)) === rec.fingerprint;
  const winner = rec.result?.winner;
  const title: ReactNode = (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: '2px 10px', alignItems: 'baseline' }}>
      <span>{recordTitle(rec)}</span>
      <strong style={{ color: winner ? factionColor(winner) : colors.text }} data-testid="replay-result">{resultText(rec)}</strong>
      {exact
        ? <span style={{ color: colors.muted }} title="Re-run through the rules, the record reaches exactly its recorded final state" data-testid="replay-verified">✓ re-runs exactly</span>
        : <span role="alert" style={{ color: colors.danger }} data-testid="replay-mismatch">
          ⚠ {built.error ? `The record stops re-running at ${built.error}` : 'The re-run does not reach the recorded final state'}
        </span>}
    </span>
  );
  const actions = (
    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', justifyContent: 'center' }}>
      <ChoiceButton onClick={() => downloadRecord(rec)} data-replay="download" title="Save this game's record as a JSON file">Download</ChoiceButton>
      <ChoiceButton onClick={onExit} data-replay="exit" title="Back to the start screen">Leave</ChoiceButton>
    </div>
  );
  // Opened from a moment of the end screen's story: start at that moment, seeing everything (the game is over).
  const event = source.kind === 'file' ? undefined : source.event;
  return event === undefined
    ? <ReplayViewer timeline={built} title={title} actions={actions} record={rec} />
    : <ReplayViewer timeline={built} title={title} actions={actions} record={rec} initialStep={built.stepOfEvent(event)} initialViewpoint="all" />;
}
