/**
 * Take-backs (issue 9 item 3) over random games played through `apply`, the entry point of real games.
 *
 * At every decision the test computes on its own whether a take-back must be offered, from the history: the seat
 * to move made the last decision, and since the decisions it would take back there was no random draw (counted by
 * the test's own generator), no phase change, no decision of the other seat, no end of game and no reveal. A reveal
 * is found without the core's event lists, by what it means (RULES §8): a decision reveals something to a seat
 * when that seat's view shows more cards than before (fewer HIDDEN slots over all card zones) or a new public fact
 * about the base (a planet cleared, the base or its sector shown, Secret Plans shown, Imperial cards seen), or
 * when, in some world that seat thought possible before it (sampleWorld on its view), the same decision — for a
 * secret decision of the other seat, any decision with the same public fields — would have left that seat with a
 * different view, or would have drawn a random number. Then:
 * - legalActions (on the state and on the seat's own view) offers `undo` exactly when that answer is yes;
 * - a take-back gives back the state before the undone decision, byte for byte but for the take-back lines of the
 *   log, so the opponent's view is the one it had before that decision; views of the other seat and spectators never
 *   carry the field;
 * - an undo asked out of turn, or when none is offered, is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  SECRET_ACTIONS, apply, applyLegal, cloneState, createState, decisionActions, legalActions, needsAdvance, run, seededRng,
  type Action, type GameState, type Rng,
} from '../../src/game/rules';
import { sampleWorld } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import type { Faction } from '../../src/game/content';

/** 100 games by default, about a minute on a quiet machine; UNDO_GAMES=300 (and UNDO_FROM) for more. */
const GAMES = Number(process.env.UNDO_GAMES ?? 100);
const SAMPLES = 3;
const FROM = Number(process.env.UNDO_FROM ?? 0); // to re-run a range of games
const UNDO = { type: 'undo' } as const;

function counting(seed: string): Rng & { draws: number } {
  const g = seededRng(seed);
  const r = { draws: 0, int: (n: number) => { r.draws++; return g.int(n); } };
  return r;
}

/**
 * JSON of a state or view without take-back log lines and without the take-back stack: a snapshot never holds the
 * stack it sits in (stacks would nest without end), so a take-back restores everything else, byte for byte.
 */
function norm(s: GameState): string {
  const { undo: _undo, ...rest } = s;
  return JSON.stringify({ ...rest, log: s.log.filter((e) => e.e !== 'tookBack') });
}

/** Equal JSON strings, or a short message around the first difference (whole states would flood the output). */
function same(got: string, want: string, what: string): void {
  if (got === want) return;
  let i = 0;
  while (got[i] === want[i]) i++;
  throw new Error(`${what}: differs at ${i}: got …${got.slice(Math.max(0, i - 150), i + 150)}… want …${want.slice(Math.max(0, i - 150), i + 150)}…`);
}

const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');

/** Decisions of `actor` in `w` that look like `a` to someone who does not see its secret fields. */
function lookalikes(w: GameState, actor: Faction, a: Action): Action[] {
  const legal = decisionActions(w, actor);
  if (!SECRET_ACTIONS.includes(a.type)) return legal.filter((b) => JSON.stringify(b) === JSON.stringify(a));
  if (a.type === 'planMission') return legal.filter((b) => b.type === 'planMission' && b.leader === a.leader);
  return legal.filter((b) => b.type === a.type);
}

/**
 * What a seat's view shows of hidden things: how many card slots it sees (not HIDDEN) across every card zone, and
 * the public facts about the base. A reveal makes the first grow, or adds to the second.
 */
function shown(v: GameState): { cards: number; facts: string[] } {
  const zones: unknown[][] = [
    v.hands.R, v.hands.I, v.decks.R, v.decks.I, v.discards.R, v.discards.I, v.planned.R.map((p) => p.card),
    v.planned.I.map((p) => p.card), v.mission ? [v.mission.card] : [], v.objectives.deck, v.objectives.hand,
    v.objectives.scoring, v.objectives.discard, v.objectives.bottomKnown.map((b) => b.card), v.probes.deck,
    v.probes.hand, [v.base.planet], (v.pending as { cards?: unknown[] } | null)?.cards ?? [],
    v.solo ? [...v.solo.deck, ...v.solo.discard] : [],
  ];
  let cards = 0;
  for (const z of zones) for (const c of z) if (c !== 'HIDDEN') cards++;
  const k = v.known;
  const facts = [
    ...k.cleared.map((p) => `cleared ${p}`), ...k.rebelKnowsImperial.map((c) => `seen ${c}`),
    // Only what is known counts: Secret Plans stop being "shown" once scored, which tells nothing.
    ...(k.baseSector !== null ? [`sector ${k.baseSector}`] : []), ...(k.secretPlansShown ? ['plans shown'] : []),
    ...(v.base.revealed ? ['base revealed'] : []),
    // A destroyed planet (the game goes on) did not hold the base.
    ...Object.values(v.planets).filter((p) => p.destroyed).map((p) => `destroyed ${p.id}`),
  ];
  return { cards, facts };
}

/** Did `actor`'s decision `a` (from `before` to `after`, no random draw) reveal something to either seat? */
function revealed(before: GameState, actor: Faction, a: Action, after: GameState, seed: string): boolean {
  for (const seat of ['R', 'I'] as Faction[]) {
    const prior = viewFor(before, seat);
    const was = shown(prior);
    const afterView = viewFor(after, seat);
    const now = shown(afterView);
    if (now.cards > was.cards || now.facts.some((f) => !was.facts.includes(f))) return true;
    // Views after the decision share the log up to `from`: compare what follows, and everything else.
    const from = prior.log.length;
    const key = (v: GameState) => {
      const { undo: _u, log, ...rest } = v;
      return JSON.stringify(rest) + JSON.stringify(log.slice(from).filter((e) => e.e !== 'tookBack'));
    };
    const want = key(afterView);
    const rng = seededRng(`${seed}-${seat}`);
    // A revealed facedown card is told by the worlds in which it was another card; with a short hand a few worlds
    // can all hold the true one, so reveals get more of them (a false "nothing revealed" would fail the test).
    const samples = a.type === 'revealMission' ? 6 * SAMPLES : SAMPLES;
    for (let k = 0; k < samples; k++) {
      const w = sampleWorld(prior, seat, rng);
      const options = seat === actor ? [a] : lookalikes(w, actor, a);
      const same = options.some((b) => {
        const wb = cloneState(w);
        const r = counting(`${seed}-${seat}-${k}`);
        applyLegal(wb, b, r);
        return r.draws === 0 && key(viewFor(wb, seat)) === want;
      });
      if (!same) return true;
    }
  }
  return false;
}

interface Step { seat: Faction; before: GameState }

interface Stats { offers: number; undos: number; refusals: number; kinds: Map<string, number>; games: number }

function playGame(g: number, stats: Stats): void {
  const rng = counting(`undo-${g}`);
  const chooser = seededRng(`choices-undo-${g}`);
  const state = createState(rng);
  // The decisions the seat to move could take back, newest last (the test's own account).
  let chain: Step[] = [];
  let undos = 0;
  let last = '';
  for (let steps = 0; !state.winner; steps++) {
    if (steps > 5000) throw new Error('game too long');
    if (needsAdvance(state)) {
      const phase = state.phase;
      run(state, rng);
      if (state.phase !== phase) chain = [];
      continue;
    }
    const seat = state.pending!.seat;
    const opp = other(seat);
    const expected = chain.length > 0 && chain[chain.length - 1].seat === seat;
    const legal = legalActions(state, seat);
    const offered = legal.some((a) => a.type === 'undo');
    if (offered !== expected) {
      throw new Error(`game ${g} step ${steps}: undo ${offered ? 'offered' : 'not offered'} at ${state.pending!.kind} `
        + `(round ${state.round}, chain ${chain.map((c) => c.seat).join('')}; last step ${last})`);
    }
    // Every third decision (they cost a few views and copies): the seat's own view offers the same; only the
    // stack's seat sees that it exists, never a snapshot, and the other seat's and the spectator's views have no
    // field at all. An undo out of turn, or with nothing to take back, is refused and changes nothing.
    if (steps % 3 === 0 || offered) {
      expect(legalActions(viewFor(state, seat), seat).some((a) => a.type === 'undo')).toBe(offered);
      for (const s of ['R', 'I'] as Faction[]) expect('undo' in viewFor(state, s)).toBe(state.undo?.seat === s);
      expect('undo' in viewFor(state, null)).toBe(false);
      if (offered) expect(viewFor(state, seat).undo!.snapshots).toEqual([]);
      const json = JSON.stringify(state);
      expect(apply(state, opp, UNDO, rng)).toBe(false);
      if (!offered) expect(apply(state, seat, UNDO, rng)).toBe(false);
      expect(JSON.stringify(state)).toBe(json);
      stats.refusals += offered ? 1 : 2;
    }

    if (offered) {
      stats.offers++;
      if (undos < 25 && chooser.int(10) < 3) {
        const undone = chain.pop()!;
        const kinds = state.undo!.kinds.slice();
        const kind = kinds.pop()!;
        const draws = rng.draws;
        expect(apply(state, seat, UNDO, rng)).toBe(true);
        expect(rng.draws).toBe(draws);
        same(norm(state), norm(undone.before), `game ${g} step ${steps}: state after taking back ${kind}`);
        same(norm(viewFor(state, opp)), norm(viewFor(undone.before, opp)),
          `game ${g} step ${steps}: opponent's view after taking back ${kind}`);
        expect(state.undo?.kinds ?? []).toEqual(kinds);
        const last = state.log[state.log.length - 1];
        expect(last).toEqual({ e: 'tookBack', round: state.round, faction: seat, what: kind });
        stats.undos++;
        stats.kinds.set(kind, (stats.kinds.get(kind) ?? 0) + 1);
        undos++;
        continue;
      }
    }

    const acts = decisionActions(state, seat);
    const a = acts[chooser.int(acts.length)];
    const prev = cloneState(state);
    const step: Step = { seat, before: prev };
    const draws = rng.draws;
    const phase = state.phase;
    const logAt = state.log.length;
    expect(apply(state, seat, a, rng)).toBe(true);
    last = `${seat} ${JSON.stringify(a)} → ${state.log.slice(logAt).map((e) => `${e.e}${e.to ? `>${e.to}` : ''}`).join(', ')}`
      + ` known ${JSON.stringify(prev.known)} → ${JSON.stringify(state.known)}`;
    // Only a pending seat can take back: when the other seat decides next, its decision is a point anyway.
    if (state.pending?.seat !== seat) {
      chain = [];
      continue;
    }
    const clean = rng.draws === draws && state.phase === phase && !state.winner
      && !revealed(prev, seat, a, state, `rev-${g}-${steps}`);
    if (!clean) chain = [];
    else if (chain.length > 0 && chain[chain.length - 1].seat === seat) chain.push(step);
    else chain = [step]; // a decision of the other seat is a point: only this one can be taken back
  }
  stats.games++;
}

describe('take-backs under the strict policy (issue 9)', () => {
  it(`over ${GAMES} random games, undo is offered exactly when the policy allows and restores the state exactly`, () => {
    const stats: Stats = { offers: 0, undos: 0, refusals: 0, kinds: new Map(), games: 0 };
    for (let g = FROM; g < FROM + GAMES; g++) playGame(g, stats);
    expect(stats.games).toBe(GAMES);
    // The games exercised take-backs of several kinds, and refusals.
    expect(stats.undos).toBeGreaterThan(GAMES);
    for (const k of ['missionPlan', 'fleetMove', 'hitAssignment', 'deployment']) expect(stats.kinds.get(k) ?? 0).toBeGreaterThan(0);
    console.log(JSON.stringify({ ...stats, kinds: Object.fromEntries(stats.kinds) }));
  }, 900_000);
});

describe('take-backs in solo games (RULES §9, issue 9)', () => {
  it('an undo is never offered across anything the rival did, and restores the state exactly', () => {
    let offers = 0;
    for (let g = 0; g < 30; g++) {
      const bot: Faction = g % 2 === 0 ? 'I' : 'R';
      const rng = counting(`undo-solo-${g}`);
      const chooser = seededRng(`choices-undo-solo-${g}`);
      const state = createState(rng, undefined, { bot, difficulty: 'normal' });
      // States before the human's last decisions in which the rival did nothing, nothing was drawn and no phase began.
      let clean: GameState[] = [];
      for (let steps = 0; !state.winner; steps++) {
        if (steps > 5000) throw new Error('game too long');
        if (needsAdvance(state)) {
          run(state, rng);
          clean = [];
          continue;
        }
        const seat = state.pending!.seat;
        expect(seat).not.toBe(bot);
        const offered = legalActions(state, seat).some((a) => a.type === 'undo');
        if (offered) {
          offers++;
          expect(clean.length, `game ${g} step ${steps}`).toBeGreaterThan(0);
          if (chooser.int(4) === 0) {
            expect(apply(state, seat, UNDO, rng)).toBe(true);
            same(norm(state), norm(clean.pop()!), `solo game ${g} step ${steps}`);
            continue;
          }
        } else {
          const json = JSON.stringify(state);
          expect(apply(state, seat, UNDO, rng)).toBe(false);
          expect(JSON.stringify(state)).toBe(json);
        }
        const acts = decisionActions(state, seat);
        const before = cloneState(state);
        const draws = rng.draws;
        const logAt = state.log.length;
        expect(apply(state, seat, acts[chooser.int(acts.length)], rng)).toBe(true);
        const rival = state.log.slice(logAt).some((e) => e.e.startsWith('bot')
          || ((e.e === 'opposed' || e.e === 'notOpposed' || e.e === 'deployed') && e.faction === bot));
        if (rng.draws === draws && state.phase === before.phase && !rival) clean.push(before);
        else clean = [];
      }
    }
    expect(offers).toBeGreaterThan(30);
  }, 300_000);
});
