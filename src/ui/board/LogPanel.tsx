/** The game log in plain sentences (describeLog), grouped by round, newest at the bottom, private lines marked. */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { HintNote } from '../hint/types';
import { withHintNotes } from './hintNotes';
import { colors, phone } from '../theme';

/** The log's frame, scroller and round headings, shared with the replay's log (src/ui/replay/ReplayLog.tsx). */
export const Box = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 170px;
  flex: 1;
  background: ${colors.surface};
  border-radius: 8px;
  padding: 8px;
`;

export const Scroll = styled.div`
  overflow-y: auto;
  min-height: 0;
  flex: 1;
  font-size: 12.5px;
`;

export const Round = styled.h3`
  margin: 8px 0 2px;
  font-size: 11px;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${colors.muted};
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 2px 0; border-bottom: 1px solid rgba(255, 255, 255, 0.04); }
`;

const Private = styled.span`
  font-size: 10px;
  font-weight: 700;
  padding: 0 4px;
  margin-right: 4px;
  border-radius: 3px;
  background: #3a3350;
  color: ${colors.text};
`;

const BotMark = styled(Private)`
  background: #24404a;
`;

const SummaryButton = styled.button.attrs({ type: 'button' })`
  margin-left: 6px;
  padding: 0 6px;
  min-height: 22px;
  border-radius: 5px;
  border: 1px solid ${colors.highlight};
  background: #3a3214;
  font-size: 11px;
  font-weight: 700;
  cursor: pointer;
  ${phone} { min-height: 44px; min-width: 44px; }
`;

/** `onCombat(k)` opens the summary of the log's k-th combat or strike (src/ui/story): a button on its first line. */
export function LogPanel({ view, seat, onCombat, notes }: {
  view: GameState; seat: Faction | null; onCombat?: (k: number) => void;
  /** Issue 22: hints asked for, each after the public events before it (./hintNotes.ts). */
  notes?: readonly HintNote[];
}) {
  let fights = 0;
  const lines = withHintNotes(view.log, seat, notes)
    .map((l) => ({ ...l, fight: l.e === 'combatStarted' || l.e === 'strikeStarted' ? fights++ : -1 }));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const rounds: { round: number; lines: typeof lines }[] = [];
  for (const l of lines) {
    const last = rounds[rounds.length - 1];
    if (last && last.round === l.round) last.lines.push(l);
    else rounds.push({ round: l.round, lines: [l] });
  }
  return (
    <Box aria-label="Game log">
      <h2 style={{ margin: 0, fontSize: 15 }}>Game log</h2>
      <Scroll ref={ref} aria-live="polite" aria-relevant="additions" data-testid="log" tabIndex={0} role="log" aria-label="Game log lines">
        {rounds.map((r) => (
          <div key={r.round}>
            <Round>{r.round === 0 ? 'Setup' : `Round ${r.round}`}</Round>
            <List>
              {r.lines.map((l, i) => {
                const k = l.fight;
                return (
                  <li key={i} data-by={l.bot ? 'bot' : l.e === 'hint' ? 'hint' : undefined}>{l.bot && <BotMark title="The server bot made this decision">bot</BotMark>}{l.private && <Private title="Only you can see this line">private</Private>}{l.text}
                    {onCombat && k >= 0 && (
                      <SummaryButton onClick={() => onCombat(k)} data-story="open-combat" aria-label={`Open the summary of this ${l.e === 'strikeStarted' ? 'strike' : 'combat'}`}>
                        Summary
                      </SummaryButton>
                    )}
                  </li>
                );
              })}
            </List>
          </div>
        ))}
      </Scroll>
    </Box>
  );
}
