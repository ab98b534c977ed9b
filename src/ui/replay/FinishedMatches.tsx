/**
 * The lobby's list of finished matches, newest first: both seats' names, the winner, and a link to the replay
 * (`/replay/<matchID>`, which fetches the server's record of the match).
 */
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { isBot, isRival, lobbyError, type PublicMatch } from '../online/lobbyApi';
import { seatOf, seatOfID } from '../../protocol';
import { colors, factionColor, factionName } from '../theme';
import { OnlineReplayButton } from './ReplayButtons';
import { listFinishedMatches } from './serverRecords';

const Row = styled.li`
  display: flex;
  gap: 10px;
  align-items: center;
  flex-wrap: wrap;
  padding: 6px 10px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: ${colors.surface};
  font-size: 13px;
`;

function winnerOf(m: PublicMatch): 'R' | 'I' | null {
  const w = (m.gameover as { winner?: unknown } | undefined)?.winner;
  return seatOf(w);
}

export function FinishedMatches({ server }: { server?: string }) {
  const [matches, setMatches] = useState<PublicMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(async () => {
    try {
      setMatches(await listFinishedMatches(server));
      setError(null);
    } catch (err) {
      setError(lobbyError(err));
    }
  }, [server]);
  useEffect(() => { if (open) void load(); }, [open, load]);
  return (
    <section aria-label="Finished matches" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <h2 style={{ margin: 0, fontSize: 18, flex: 1 }}>Finished matches</h2>
        <ChoiceButton onClick={() => (open ? void load() : setOpen(true))} data-online="finished">{open ? 'Refresh' : 'Show replays'}</ChoiceButton>
      </div>
      {error && <span role="alert" style={{ color: colors.danger }}>{error}</span>}
      {open && matches && matches.length === 0 && <p style={{ margin: 0, color: colors.muted }}>No finished match yet.</p>}
      {open && matches && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          {matches.map((m) => {
            const w = winnerOf(m);
            return (
              <Row key={m.matchID} data-finished={m.matchID}>
                {[...m.players].sort((a, b) => a.id - b.id).map((p) => (
                  <span key={p.id} style={{ color: factionColor(seatOfID(p.id)) }}>
                    {factionName(seatOfID(p.id))}: <strong>{isRival(p) ? 'rival deck' : p.name ?? '—'}</strong>{isBot(p) ? ' (bot)' : ''}
                  </span>
                ))}
                {w && <span style={{ color: colors.muted }}>· the {factionName(w)} won</span>}
                <span style={{ flex: 1 }} />
                <OnlineReplayButton matchID={m.matchID} />
              </Row>
            );
          })}
        </ul>
      )}
    </section>
  );
}
