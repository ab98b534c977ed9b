/**
 * "What the bot thinks": for each bot, its estimated chance to win, the search it ran and how long it thought,
 * and — for the Imperial while the base is hidden — the planets it believes most likely to hold the base. Only
 * what came out of a bot that was handed its own seat's view (./thoughts.ts), so nothing here is a secret.
 */
import styled from 'styled-components';
import { PLANETS, type Faction } from '../../game/content';
import { colors, factionColor, factionName } from '../theme';
import type { BoardThoughts } from './thoughts';

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  padding: 8px 12px 10px;
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
  font-size: 13px;
`;

const Card = styled.div<{ $c: string }>`
  flex: 0 1 auto;
  min-width: 240px;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  padding: 6px 10px 8px;
  border-radius: 8px;
  background: ${colors.surface2};
  border-left: 4px solid ${(p) => p.$c};
  h3 { margin: 0; font-size: 13px; }
  p { margin: 0; }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 250px;
  flex: 1 1 250px;
`;

const Muted = styled.span`
  color: ${colors.muted};
  font-size: 12px;
`;

const BarRow = styled.div`
  display: grid;
  grid-template-columns: minmax(96px, max-content) 1fr 3.2em;
  align-items: center;
  gap: 6px;
  font-size: 12px;
  line-height: 1.25;
`;

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${colors.bg};
  overflow: hidden;
`;

const Fill = styled.div<{ $c: string }>`
  height: 100%;
  background: ${(p) => p.$c};
`;

const pct = (p: number) => `${Math.round(p * 100)}%`;

function Bar({ label, p, color, testId }: { label: string; p: number; color: string; testId?: string }) {
  return (
    <BarRow data-testid={testId}>
      <span>{label}</span>
      <Track aria-hidden="true"><Fill $c={color} style={{ width: pct(p) }} /></Track>
      <span style={{ textAlign: 'right' }}>{pct(p)}</span>
    </BarRow>
  );
}

function BaseGuesses({ guesses, whose }: { guesses: NonNullable<BoardThoughts['baseGuesses']>; whose: string }) {
  const rest = Math.max(0, 1 - guesses.reduce((a, g) => a + g.p, 0));
  return (
    <Column data-testid="base-guesses">
      <Muted>Where it thinks {whose} is (its guesses):</Muted>
      {guesses.map(({ planet, p }) => (
        <Bar key={planet} label={`${PLANETS[planet].name} (${planet})`} p={p} color={colors.highlight} testId="base-guess" />
      ))}
      {rest >= 0.005 && <Muted data-testid="base-guess-rest">All other planets together: {pct(rest)}</Muted>}
    </Column>
  );
}

export interface ThoughtsOf {
  seat: Faction;
  /** e.g. "Normal". */
  difficulty: string;
  thoughts: BoardThoughts | null;
}

/**
 * Issue 20 item 10 — the search effort in a board gamer's words: each search iteration guesses the hidden cards and
 * plays one possible future of the game some moves ahead (src/ai), so "it looked at 82 possible futures", not "82
 * iterations in 100 ms". The technical figures stay in the tooltip.
 */
export function searchEffort(t: Pick<BoardThoughts, 'iterations' | 'elapsedMs'>): string {
  if (t.iterations <= 0) return 'Last move: it did not need to look ahead (only one sensible choice).';
  const n = t.iterations.toLocaleString('en');
  const secs = t.elapsedMs < 1000 ? 'under a second' : `${(t.elapsedMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} seconds`;
  return `Last move: it looked at ${n} possible ${t.iterations === 1 ? 'future' : 'futures'} in ${secs}.`;
}

function BotCard({ seat, difficulty, thoughts, viewer }: ThoughtsOf & { viewer: Faction | null }) {
  const color = factionColor(seat);
  const whose = viewer === 'R' ? 'your base' : 'the Rebel base';
  return (
    <Card $c={color} data-thoughts={seat}>
      <Column>
        <h3 style={{ color }}>{factionName(seat)} bot <Muted>({difficulty})</Muted></h3>
        {!thoughts ? <p><Muted>It has not made a move yet.</Muted></p> : (
          <>
            {thoughts.winChance !== undefined
              ? <Bar label="Its chance to win" p={thoughts.winChance} color={color} testId="win-chance" />
              : <p><Muted>No win estimate for its last move (it had only one choice).</Muted></p>}
            <p data-testid="search-effort" title={`${thoughts.iterations.toLocaleString('en')} search iterations in ${thoughts.elapsedMs.toLocaleString('en')} ms`}>
              {searchEffort(thoughts)}
            </p>
          </>
        )}
      </Column>
      {thoughts?.baseGuesses && thoughts.baseGuesses.length > 0 && <BaseGuesses guesses={thoughts.baseGuesses} whose={whose} />}
    </Card>
  );
}

export function ThoughtsPanel({ bots, viewer, id }: { bots: ThoughtsOf[]; viewer: Faction | null; id?: string }) {
  return (
    <Panel id={id} aria-label="What the bot thinks" data-testid="thoughts-panel">
      {bots.map((b) => <BotCard key={b.seat} {...b} viewer={viewer} />)}
      <p style={{ margin: 0, flex: '1 1 180px', alignSelf: 'center' }}>
        <Muted>A bot sees only what its seat may see: these are its own estimates, not the hidden truth.</Muted>
      </p>
    </Panel>
  );
}
