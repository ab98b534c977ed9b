/**
 * The search's move list (src/ai/ismcts/candidates.ts): every candidate is a legal action (compared by actionKey),
 * for turns a reduced but never empty list that keeps every non-fleet move, and for every other decision exactly
 * the legal list. Checked on full states (the search's sampled worlds) and on the seat's own view.
 */
import { describe, expect, it } from 'vitest';
import { candidateActions } from '../../src/ai/ismcts/candidates';
import { actionKey, legalActions, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { collectPositions } from './positions';

const positions = [...collectPositions('candidates', 150, 3).values()].flat();

function check(s: GameState): string[] {
  const seat = s.pending!.seat;
  const legal = legalActions(s, seat).map(actionKey);
  const legalSet = new Set(legal);
  const cands = candidateActions(s, seat).map(actionKey);
  const errs = cands.filter((k) => !legalSet.has(k)).map((k) => `${s.pending!.kind}: ${k} is not legal`);
  if (s.pending!.kind !== 'turn') {
    if (JSON.stringify(cands) !== JSON.stringify(legal)) errs.push(`${s.pending!.kind}: candidates differ from legal`);
  } else {
    if (cands.length === 0) errs.push('turn: no candidate');
    // Only Move a Fleet is reduced: missions and pass are all kept.
    const kept = new Set(cands);
    for (const k of legal) if (!k.startsWith('moveFleet') && !kept.has(k)) errs.push(`turn: ${k} dropped`);
    if (legal.some((k) => k.startsWith('moveFleet')) && !cands.some((k) => k.startsWith('moveFleet'))) {
      errs.push('turn: every fleet move dropped');
    }
  }
  return errs;
}

describe('candidateActions', () => {
  it('covers turns with many fleet moves (the reduction is exercised)', () => {
    const turns = positions.filter((s) => s.pending!.kind === 'turn');
    expect(turns.length).toBeGreaterThan(200);
    const reduced = turns.filter((s) => candidateActions(s, s.pending!.seat).length < legalActions(s, s.pending!.seat).length);
    expect(reduced.length).toBeGreaterThan(20);
  });

  it('lists only legal actions, all of them outside turns (full states)', () => {
    expect(positions.flatMap(check)).toEqual([]);
  });

  it('lists only legal actions, all of them outside turns (the seat\'s view)', () => {
    expect(positions.flatMap((s) => check(viewFor(s, s.pending!.seat)))).toEqual([]);
  });

  it('is empty for the seat that is not pending', () => {
    for (const s of positions.slice(0, 200)) {
      const other = s.pending!.seat === 'R' ? 'I' : 'R';
      expect(candidateActions(s, other)).toEqual([]);
    }
  });
});
