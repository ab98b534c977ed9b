/** A record in a few words: where it was played, by whom, when, and who won. */
import type { GameRecord } from '../../game/record';
import { WIN_REASONS } from '../format';
import { factionName } from '../theme';

const SOURCES: Record<GameRecord['source'], string> = {
  online: 'Online match', hotseat: 'Hot-seat game', bot: 'Game against the bot', bots: 'Two bots',
  solo: 'Solo against the rival deck', simulate: 'Simulated game',
};

function playerText(p: GameRecord['players'][number]): string {
  if (p.bot === 'rival') return 'rival deck';
  return `${p.name || '—'}${p.bot && !/^bot\b/i.test(p.name) ? ' (bot)' : ''}`;
}

/** "Online match · Rebel: Ann · Imperial: Bob (bot) · 1 Dec 2026, 20:41". */
export function recordTitle(rec: GameRecord): string {
  const when = new Date(rec.finishedAt ?? rec.startedAt);
  const date = Number.isNaN(when.getTime()) ? '' : ` · ${when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
  return `${SOURCES[rec.source] ?? 'Game'} · Rebel: ${playerText(rec.players[0])} · Imperial: ${playerText(rec.players[1])}${date}`;
}

export function resultText(rec: GameRecord): string {
  const r = rec.result;
  if (!r) return 'Not finished';
  const byBot = (rec.finishedByBot ?? [])
    .map((f) => ` The server bot finished the game for the ${factionName(f.seat)} (from decision ${f.fromAction + 1}).`).join('');
  return `The ${factionName(r.winner)} won in round ${r.round}: ${WIN_REASONS[r.reason] ?? r.reason}.${byBot}`;
}
