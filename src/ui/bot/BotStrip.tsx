/**
 * The strip under the header in games with bots: what each bot is doing (thinking, or the log line of the move
 * it just made, so a person can follow it) and the button that opens "what the bot thinks" (./ThoughtsPanel).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { describeLog } from '../log/sentences';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName, phone } from '../theme';
import type { BotDriverStatus } from './useBotDriver';

// Loaded when first opened: the first load of the board has a 200 kB budget (tests/e2e/a11y.test.ts).
const ThoughtsPanel = lazy(() => import('./ThoughtsPanel').then((m) => ({ default: m.ThoughtsPanel })));

const Strip = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 4px 12px;
  min-height: 40px;
  background: ${colors.bg};
  border-bottom: 1px solid ${colors.border};
  font-size: 13px;
  ${phone} { padding: 4px 6px; }
`;

const Said = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export interface StripBot {
  seat: Faction;
  difficulty: string;
  status: BotDriverStatus;
}

/** The first line the viewer may read of the bot's latest move (from the log), or null before its first move. */
function useLastMoveLine(view: GameState, viewer: Faction | null, status: BotDriverStatus): string | null {
  const from = useRef(view.log.length);
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    if (status.thinking) from.current = view.log.length;
    // Only the moment thinking starts matters: the log length the bot's move will be appended to.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [status.thinking]);
  useEffect(() => {
    if (status.moves === 0) return;
    const lines = describeLog(view.log.slice(from.current), viewer);
    if (lines.length > 0) setLine(lines[0].text);
  }, [status.moves, view.log, viewer]);
  return line;
}

function BotLine({ bot, view, viewer }: { bot: StripBot; view: GameState; viewer: Faction | null }) {
  const line = useLastMoveLine(view, viewer, bot.status);
  const name = <strong style={{ color: factionColor(bot.seat) }}>{factionName(bot.seat)} bot</strong>;
  return (
    <Said role="status" data-bot-status={bot.status.thinking ? 'thinking' : 'idle'} title={line ?? undefined}>
      {name}{bot.status.thinking ? ' is thinking…' : line ? `: ${line}` : ` (${bot.difficulty})`}
    </Said>
  );
}

export function BotStrip({ bots, view, viewer }: { bots: StripBot[]; view: GameState; viewer: Faction | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = bots.length > 1 ? 'What the bots think' : 'What the bot thinks';
  return (
    <div data-testid="bot-strip">
      <Strip>
        {bots.map((b) => <BotLine key={b.seat} bot={b} view={view} viewer={viewer} />)}
        <ChoiceButton $small aria-expanded={open} aria-controls={panelId} data-bot-thoughts="toggle"
          onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide' : label}
        </ChoiceButton>
      </Strip>
      {open && (
        <Suspense fallback={null}>
          <ThoughtsPanel id={panelId} viewer={viewer}
            bots={bots.map((b) => ({ seat: b.seat, difficulty: b.difficulty, thoughts: b.status.thoughts }))} />
        </Suspense>
      )}
    </div>
  );
}
