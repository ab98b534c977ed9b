/** The Statistics page's tables: win reasons, mission cards, and people against each server bot level. */
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { ShareFigure, StatsGroup } from '../../protocol';
import { colors, factionColor, factionName } from '../theme';

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: 5px 8px; text-align: left; border-bottom: 1px solid ${colors.border}; }
  th { color: ${colors.muted}; font-weight: 600; font-size: 13px; }
  td.num, th.num { text-align: right; }
`;

const pct = (x: number) => `${Math.round(x * 100)}%`;
export const shareText = (f: ShareFigure) =>
  f.games === 0 ? '—' : `${f.wins} of ${f.games} · ${pct(f.share)} [${pct(f.ci95[0])}–${pct(f.ci95[1])}]`;

const REASONS: Record<string, string> = {
  objectives: 'objectives scored', occupation: 'base occupied', obliterator: 'base planet destroyed',
  time: 'opponent out of time', forfeit: 'opponent left',
};

export function WinReasons({ g }: { g: StatsGroup }) {
  const rows = (['R', 'I'] as Faction[]).flatMap((f) => Object.entries(g.winReasons[f]).map(([reason, n]) => ({ f, reason, n })))
    .sort((a, b) => b.n - a.n);
  return (
    <Table data-table="reasons">
      <thead><tr><th>Winner</th><th>How</th><th className="num">Games</th><th className="num">Share</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.f}:${r.reason}`}>
            <td style={{ color: factionColor(r.f), fontWeight: 600 }}>{factionName(r.f)}</td>
            <td>{REASONS[r.reason] ?? r.reason}</td>
            <td className="num">{r.n}</td>
            <td className="num">{pct(r.n / Math.max(1, g.games))}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Meter = ({ part, whole, color }: { part: number; whole: number; color: string }) => (
  <svg width="90" height="10" aria-hidden="true" style={{ verticalAlign: 'middle', marginLeft: 8 }}>
    <rect width="90" height="10" rx="3" fill={colors.surface2} />
    <rect width={whole > 0 ? (90 * part) / whole : 0} height="10" rx="3" fill={color} />
  </svg>
);

export function MissionCards({ g }: { g: StatsGroup }) {
  const rows = Object.entries(g.cards).map(([id, c]) => ({ id, ...c }))
    .sort((a, b) => b.revealed - a.revealed || (a.id < b.id ? -1 : 1));
  if (rows.length === 0) return <p style={{ margin: 0, color: colors.muted }}>No mission was revealed in these games.</p>;
  return (
    <Table data-table="cards">
      <thead><tr><th>Mission</th><th className="num">Revealed</th><th className="num">Succeeded</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td><span style={{ color: factionColor(r.faction) }}>{r.name}</span>
              <span style={{ color: colors.muted, fontSize: 12 }}> {r.id}</span></td>
            <td className="num">{r.revealed}</td>
            <td className="num">{r.succeeded} ({pct(r.succeeded / Math.max(1, r.revealed))})
              <Meter part={r.succeeded} whole={r.revealed} color={factionColor(r.faction)} /></td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const BOT_NAMES: Record<string, string> = {
  'ismcts-easy': 'Easy bot', 'ismcts-normal': 'Normal bot', 'ismcts-hard': 'Hard bot', random: 'Random bot',
};
const LEVEL_ORDER = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard', 'random'];

export function VersusBots({ g }: { g: StatsGroup }) {
  const kinds = Object.keys(g.humansVsBots).sort((a, b) => LEVEL_ORDER.indexOf(a) - LEVEL_ORDER.indexOf(b));
  if (kinds.length === 0) return <p style={{ margin: 0, color: colors.muted }}>Nobody has finished a game against a server bot yet.</p>;
  return (
    <Table data-table="bots">
      <thead><tr><th>Opponent</th><th>People as the Rebel won</th><th>People as the Imperial won</th></tr></thead>
      <tbody>
        {kinds.map((k) => (
          <tr key={k}>
            <td>{BOT_NAMES[k] ?? k}</td>
            <td>{shareText(g.humansVsBots[k].humanAsRebel)}</td>
            <td>{shareText(g.humansVsBots[k].humanAsImperial)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
