/**
 * The lobby's Statistics page (issue 22 item 3): what this server's finished two-player matches say about the game
 * (`GET /stats`, server/stats), per rules config, beside the balance study's bot figures (./botFigures.ts), so a
 * player sees whether the Rebel or the Imperial wins more among people and how the bots compare. A lazy chunk of
 * its own (the first load stays under its budget).
 */
import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ErrorBody, StatsGroup, StatsResponse } from '../../protocol';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { BOT_SELF_PLAY } from './botFigures';
import { RoundsChart } from './RoundsChart';
import { ShareChart, type ShareRow } from './ShareChart';
import { MissionCards, VersusBots, WinReasons } from './StatsTables';

const Main = styled.main`
  max-width: 780px;
  margin: 0 auto;
  padding: 4vh 16px 32px;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Panel = styled.section`
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: 10px;
  padding: 14px 16px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  h2 { margin: 0; font-size: 17px; }
  p { margin: 0; }
`;

const Muted = styled.p`
  color: ${colors.muted};
  font-size: 13px;
`;

function Section({ title, children, name }: { title: string; children: ReactNode; name: string }) {
  return <Panel aria-label={title} data-section={name}><h2>{title}</h2>{children}</Panel>;
}

async function loadStats(server: string): Promise<StatsResponse> {
  const res = await fetch(`${server}/stats`);
  if (!res.ok) {
    const body = await res.json().catch(() => null) as ErrorBody | null;
    throw new Error(body?.error ?? `the server answered ${res.status}`);
  }
  return await res.json() as StatsResponse;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function shareRows(g: StatsGroup | undefined): ShareRow[] {
  const people: ShareRow[] = [
    { label: 'Online games', note: g ? `${plural(g.rebel.games, 'game')} with at least one person` : 'no game yet', ...(g?.rebel ?? { wins: 0, games: 0, ci95: [0, 1] }) },
    { label: 'Person against person', note: plural(g?.betweenHumans.games ?? 0, 'game'), ...(g?.betweenHumans ?? { wins: 0, games: 0, ci95: [0, 1] }) },
  ];
  const bots: ShareRow[] = BOT_SELF_PLAY.map((b) => ({
    label: b.label, note: `${plural(b.games, 'game')} · ${b.effort}`, wins: b.rebelWins, games: b.games, ci95: b.ci95, bots: true,
  }));
  return [...people, ...bots];
}

function leftOutText(s: StatsResponse): string {
  const l = s.leftOut;
  const parts = [
    l.unfinished > 0 && plural(l.unfinished, 'unfinished match', 'unfinished matches'),
    l.earlyForfeits > 0 && plural(l.earlyForfeits, 'match', 'matches') + ' abandoned before round 2',
    l.betweenBots > 0 && plural(l.betweenBots, 'game') + ' between two bots',
    l.solo > 0 && plural(l.solo, 'solo game') + ' against the rival deck',
  ].filter(Boolean);
  return parts.length > 0 ? `Not counted: ${parts.join(', ')}.` : 'Unfinished matches, matches abandoned before round 2, games between two bots and solo games are not counted.';
}

export function StatsPage({ server, onBack }: { server: string; onBack(): void }) {
  const [stats, setStats] = useState<StatsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [configKey, setConfigKey] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadStats(server).then((s) => { if (live) setStats(s); }, (err: Error) => { if (live) setError(err.message); });
    return () => { live = false; };
  }, [server]);
  const g = stats?.groups.find((x) => x.configKey === configKey) ?? stats?.groups[0];
  return (
    <Main data-screen="stats">
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <h1 style={{ margin: 0, flex: 1 }}>Statistics</h1>
        <ChoiceButton onClick={onBack} data-online="stats-back">Lobby</ChoiceButton>
      </div>
      {error && <p role="alert" style={{ margin: 0, color: colors.danger }}>The statistics could not be loaded: {error}</p>}
      {!stats && !error && <Muted>Counting the finished games…</Muted>}
      {stats && (
        <>
          <p style={{ margin: 0, fontSize: 16 }} data-testid="stats-basis">
            {g ? <>Based on <strong>{plural(g.games, 'finished game')}</strong> played on this server{g.isDefault ? ' with the standard rules' : ` with other rules (${g.label})`}.</>
              : <>No finished game on this server yet: the figures of people appear here once games end. The bots' figures are already below.</>}
          </p>
          <Muted>{leftOutText(stats)}</Muted>
          {stats.groups.length > 1 && (
            <div role="group" aria-label="Rules" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              {stats.groups.map((x) => (
                <ChoiceButton key={x.configKey} $small $primary={x.configKey === g?.configKey} aria-pressed={x.configKey === g?.configKey}
                  onClick={() => setConfigKey(x.configKey)} data-config={x.configKey}>
                  {x.label} ({x.games})
                </ChoiceButton>
              ))}
            </div>
          )}
          <Section title="Who wins?" name="share">
            <ShareChart rows={shareRows(g)} />
            <Muted>
              Each bar splits the wins between the Rebel (red) and the Imperial (green). The yellow whisker under it is the
              95% interval of the Rebel's share: with few games it is wide, and the true share lies inside it with 95%
              confidence. Hatched bars are the bot playing both sides in the balance study, for comparison with people.
            </Muted>
          </Section>
          {g && (
            <>
              <Section title="How long the games last" name="rounds">
                <RoundsChart rounds={g.rounds} />
                <Muted>Games by the round they ended in (at most 11). Median round {g.rounds.median}; half of the games ended between rounds {g.rounds.p25} and {g.rounds.p75} (the yellow band).</Muted>
              </Section>
              <Section title="How the games were won" name="reasons"><WinReasons g={g} /></Section>
              <Section title="People against the server bots" name="bots"><VersusBots g={g} /></Section>
              <Section title="Mission cards" name="cards">
                <Muted>How often each mission was revealed in these games, and how often it then succeeded.</Muted>
                <MissionCards g={g} />
              </Section>
            </>
          )}
        </>
      )}
    </Main>
  );
}
