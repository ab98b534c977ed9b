/**
 * Buttons that lead to a replay: on the end screen of a local game ("Watch the replay", "Download the record",
 * once its record is saved in this browser) and of an online match (its `/replay/<matchID>` link).
 */
import type { Faction } from '../../game/content';
import type { RecordPlayer, RecordSource } from '../../game/record';
import { ChoiceButton } from '../prompt/ChoiceButton';
import type { GameClient, LocalMatch } from '../session/clients';
import { useLocalRecord } from './useLocalRecord';
import { downloadRecord, type StoredRecord } from './localRecords';
import { openReplay, replayHref } from './routes';

export function LocalReplayButtons({ saved }: { saved: StoredRecord | null }) {
  if (!saved) return null;
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
      <ChoiceButton $primary onClick={() => openReplay({ kind: 'local', id: saved.id })} data-replay="watch">Watch the replay</ChoiceButton>
      <ChoiceButton onClick={() => downloadRecord(saved.record)} data-replay="download">Download the record</ChoiceButton>
    </div>
  );
}

/** A local game's players for its record. `bots`: the seats bots play, with their kind. */
export function localPlayers(bots: Partial<Record<Faction, { name: string; kind: string }>>, humans?: Partial<Record<Faction, string>>): [RecordPlayer, RecordPlayer] {
  const one = (f: Faction): RecordPlayer => {
    const b = bots[f];
    if (b) return { faction: f, name: b.name, bot: b.kind };
    return { faction: f, name: humans?.[f] ?? (f === 'R' ? 'Rebel player' : 'Imperial player') };
  };
  return [one('R'), one('I')];
}

/**
 * For a local game screen: keeps the finished game's record in this browser and gives the end screen's buttons.
 * One line per screen: `const replay = useLocalReplay(match, client, 'hotseat', players)`, `endActions={replay}`.
 */
export function useLocalReplay(match: LocalMatch | null, client: GameClient | null, source: RecordSource, players: [RecordPlayer, RecordPlayer]) {
  const saved = useLocalRecord(match, client, { source, players });
  return <LocalReplayButtons saved={saved} />;
}

export function OnlineReplayButton({ matchID }: { matchID: string }) {
  return (
    <ChoiceButton as="a" href={replayHref({ kind: 'server', matchID })} data-replay="watch"
      style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none' }}>Watch the replay</ChoiceButton>
  );
}
