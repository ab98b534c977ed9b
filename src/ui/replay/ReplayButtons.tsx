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
 * Where a moment of the end screen's story leads (issue 20 item 1): the replay's address at that event, or (inside
 * the replay itself) a jump to its step.
 */
export type MomentLink = { href(event: number): string } | { go(event: number): void };

/**
 * For a local game screen: keeps the finished game's record in this browser and gives the end screen's buttons,
 * and the links of its story into the replay once the record is kept. One line per screen:
 * `const replay = useLocalReplay(match, client, 'hotseat', players)`, then `endActions={replay.buttons}
 * momentLink={replay.momentLink}`.
 */
export function useLocalReplay(match: LocalMatch | null, client: GameClient | null, source: RecordSource, players: [RecordPlayer, RecordPlayer]) {
  const saved = useLocalRecord(match, client, { source, players });
  const momentLink: MomentLink | undefined = saved ? { href: (event) => replayHref({ kind: 'local', id: saved.id, event }) } : undefined;
  return { buttons: <LocalReplayButtons saved={saved} />, momentLink };
}

/** The story's links of a finished online match: its server replay. */
export function onlineMoment(matchID: string): MomentLink {
  return { href: (event) => replayHref({ kind: 'server', matchID, event }) };
}

export function OnlineReplayButton({ matchID }: { matchID: string }) {
  return (
    <ChoiceButton as="a" href={replayHref({ kind: 'server', matchID })} data-replay="watch"
      style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none' }}>Watch the replay</ChoiceButton>
  );
}
