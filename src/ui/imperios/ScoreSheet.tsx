/**
 * The final scoring sheet (IM13): each category per civilization, the totals and the ranking with ties to the most
 * senior (IM13.2, G47), from the result the core computed at the end (`view.result`, finalResult). The same sheet
 * shows the running estimate during the game when given `live` scores (scoreCiv for every seat).
 */
import type { FinalResult, ScoreLine } from '../../games/imperios/rules';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { SeatMark } from './SeatMark';
import { seatName } from './seats';

export const CATEGORIES: readonly { key: Exclude<keyof ScoreLine, 'seat' | 'total'>; name: string; rule: string }[] = [
  { key: 'wealth', name: 'Wealth (census)', rule: 'IM13.1.1' },
  { key: 'marginal', name: 'Wreaths', rule: 'IM13.1.2' },
  { key: 'capitals', name: 'Capitals', rule: 'IM13.1.3' },
  { key: 'cities', name: 'Cities', rule: 'IM13.1.4' },
  { key: 'wonder', name: 'Wonder', rule: 'IM13.1.5' },
  { key: 'techs', name: 'Technologies', rule: 'IM13.1.6' },
  { key: 'missingGoods', name: 'Missing goods', rule: 'IM13.1.7' },
];

export function ScoreSheet({ scores, ranking, caption }: { scores: readonly ScoreLine[]; ranking: readonly number[]; caption: string }) {
  const cols = ranking.map((s) => scores[s]);
  const cell = { padding: '3px 8px', borderBottom: `1px solid ${colors.border}`, textAlign: 'right' as const };
  return (
    <table data-testid="imp-score-sheet" style={{ borderCollapse: 'collapse', fontSize: 13, width: '100%' }}>
      <caption style={{ textAlign: 'left', fontWeight: 700, marginBottom: 4 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...cell, textAlign: 'left' }}>Category</th>
          {cols.map((s) => (
            <th key={s.seat} scope="col" style={cell}><SeatMark seat={s.seat} size={16} /> {seatName(s.seat)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {CATEGORIES.map((c) => (
          <tr key={c.key}>
            <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>{c.name} <small style={{ color: colors.muted }}>{c.rule}</small></th>
            {cols.map((s) => <td key={s.seat} style={cell}>{s[c.key]}</td>)}
          </tr>
        ))}
        <tr>
          <th scope="row" style={{ ...cell, textAlign: 'left' }}>Total</th>
          {cols.map((s) => <td key={s.seat} style={{ ...cell, fontWeight: 800 }} data-total={s.seat}>{s.total}</td>)}
        </tr>
      </tbody>
    </table>
  );
}

export function FinalSheet({ result, onExit }: { result: FinalResult; onExit?: () => void }) {
  return (
    <section data-testid="imp-end" data-winner={result.winner} aria-labelledby="imp-end-title"
      style={{ background: colors.surface, border: `2px solid ${colors.highlight}`, borderRadius: 10, padding: 12, display: 'grid', gap: 8 }}>
      <h2 id="imp-end-title" style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
        <SeatMark seat={result.winner} size={24} /> {seatName(result.winner)} wins
      </h2>
      <ScoreSheet scores={result.scores} ranking={result.ranking} caption="Final scoring (IM13), best first; ties go to the most senior (IM13.2)" />
      {onExit && <ChoiceButton onClick={onExit} data-choice="exit" style={{ justifySelf: 'start' }}>Back to the start screen</ChoiceButton>}
    </section>
  );
}
