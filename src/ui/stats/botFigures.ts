/**
 * The balance study's bot figures (docs/balance/README.md), shown beside the figures of real matches on the
 * Statistics page so players can compare the bots with people. Copied by hand from the committed study: update them
 * when the study's documented result changes (tests/unit/matchStats.test.ts checks each interval against its count).
 */
export interface BotSelfPlayFigure {
  /** What played, in a player's words. */
  label: string;
  /** The search effort per decision. */
  effort: string;
  games: number;
  rebelWins: number;
  /** Wilson 95% interval of the Rebel's share, as documented (2 decimals). */
  ci95: [number, number];
  medianRound: number;
  /** Where the figure is documented. */
  source: string;
}

export const BOT_SELF_PLAY: readonly BotSelfPlayFigure[] = [
  {
    label: 'Normal bot against itself',
    effort: 'its real think time, 3,000 iterations',
    games: 132, rebelWins: 54, ci95: [0.33, 0.49], medianRound: 7,
    source: 'docs/balance/README.md, sessions 9 and 10 (seeds b600, b601)',
  },
  {
    label: 'Normal bot against itself, quick',
    effort: '200 iterations a decision',
    games: 70, rebelWins: 35, ci95: [0.39, 0.61], medianRound: 7,
    source: 'docs/balance/issue24-grid200.md (the default rules row)',
  },
];
