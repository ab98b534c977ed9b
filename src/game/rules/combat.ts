/**
 * R5 — combat as a small state machine (waves of attack roll, defence roll, removal), and R5.12 strike rolls,
 * which reuse its hit assignment. Hits are assigned by the roller one at a time (R5.8); when only one kind of
 * target is legal the engine assigns it, since there is nothing to choose.
 */
import { SECRET_PLANS, unitDef, type Faction, type PlanetId, type UnitType } from '../content';
import type { Action } from './actions';
import { other } from './board';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { now, task } from './queue';
import { d6, type Rng } from './rng';
import type { CombatState, CombatUnit, GameState } from './state';

const DICE_CAP = 3; // R5.6

function unitsOfPlanet(state: GameState, p: PlanetId, f: Faction): CombatUnit[] {
  const out: CombatUnit[] = [];
  const u = state.planets[p][f];
  for (const t of ['f', 'c', 's'] as UnitType[]) {
    for (let i = 0; i < u[t]; i++) out.push({ f, t, hp: unitDef(f, t).hp });
  }
  return out;
}

/** R5.6, R5.7 — roll white dice before black; count basic hits per colour and criticals. */
export function rollDice(rng: Rng, white: number, black: number): NonNullable<CombatState['roll']> {
  const dice: { colour: 'w' | 'b'; value: number }[] = [];
  for (let i = 0; i < Math.min(white, DICE_CAP); i++) dice.push({ colour: 'w', value: d6(rng) });
  for (let i = 0; i < Math.min(black, DICE_CAP); i++) dice.push({ colour: 'b', value: d6(rng) });
  let w = 0;
  let b = 0;
  let crit = 0;
  for (const d of dice) {
    if (d.value === 6) crit++;
    else if (d.value >= 4) {
      if (d.colour === 'w') w++;
      else b++;
    }
  }
  return { by: 'R', dice, black: b, white: w, crit, plansAsked: false, plansActive: false };
}

/** R5.6 — the dice a side rolls: its participating units on the planet, 0-HP units included. */
export function sideDice(c: CombatState, f: Faction): { white: number; black: number } {
  let white = 0;
  let black = 0;
  for (const u of c.units) {
    if (u.f !== f) continue;
    const def = unitDef(u.f, u.t);
    white += def.white;
    black += def.black;
  }
  return { white: Math.min(white, DICE_CAP), black: Math.min(black, DICE_CAP) };
}

type HitKind = 'black' | 'white' | 'crit';

function currentHit(c: CombatState): HitKind | null {
  const r = c.roll!;
  if (r.black > 0) return 'black';
  if (r.white > 0) return 'white';
  if (r.crit > 0) return 'crit';
  return null;
}

/** R5.9 — may the roller's hits finish the SF at 1 HP right now? */
function sfExposed(state: GameState, c: CombatState): boolean {
  if (c.kind === 'strike' || c.roll!.by !== 'R') return false; // R5.12: strikes never take the SF below 1 HP
  return c.roll!.plansActive || state.known.secretPlansShown;
}

/** R5.7, R5.8, R5.9 — enemy units the next hit may go to. */
export function legalTargets(state: GameState, c: CombatState, kind: HitKind): CombatUnit[] {
  const enemy = other(c.roll!.by);
  return c.units.filter((u) => {
    if (u.f !== enemy || u.hp < 1) return false;
    if (kind === 'black' && u.t !== 'f') return false;
    if (kind === 'white' && u.t === 'f') return false;
    if (u.t === 's' && u.hp === 1 && !sfExposed(state, c)) return false;
    return true;
  });
}

/** Distinct (type, HP) classes among units: hits to equal units are the same choice. */
function targetClasses(units: CombatUnit[]): { unit: UnitType; hp: number }[] {
  const seen = new Set<string>();
  const out: { unit: UnitType; hp: number }[] = [];
  for (const u of units) {
    const k = `${u.t}${u.hp}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ unit: u.t, hp: u.hp });
    }
  }
  return out;
}

function spendHit(c: CombatState, kind: HitKind): void {
  c.roll![kind] -= 1;
}

function hitUnit(state: GameState, c: CombatState, unit: UnitType, hp: number): void {
  const enemy = other(c.roll!.by);
  const u = c.units.find((x) => x.f === enemy && x.t === unit && x.hp === hp)!;
  u.hp -= 1;
  log(state, 'hit', { by: c.roll!.by, unit, hpLeft: u.hp, planet: c.planet });
}

/** R5.9 — ask "Use Secret Plans?" when the SF is at 1 HP and a white or critical Rebel hit remains. */
function needsPlansPrompt(state: GameState, c: CombatState): boolean {
  const r = c.roll!;
  if (c.kind !== 'combat' || r.by !== 'R' || r.plansAsked || state.known.secretPlansShown) return false;
  if (r.white + r.crit === 0) return false;
  return c.units.some((u) => u.f === 'I' && u.t === 's' && u.hp === 1);
}

/** Assign the current roll's hits until a decision is needed ('pending') or all are spent ('done'). */
function assignHits(state: GameState, c: CombatState): 'pending' | 'done' {
  for (;;) {
    if (needsPlansPrompt(state, c)) {
      state.pending = { kind: 'secretPlans', seat: 'R' };
      return 'pending';
    }
    const kind = currentHit(c);
    if (!kind) return 'done';
    const targets = legalTargets(state, c, kind);
    if (targets.length === 0) {
      spendHit(c, kind); // R5.8 — a hit with no legal target is lost
      continue;
    }
    const classes = targetClasses(targets);
    if (classes.length === 1) {
      spendHit(c, kind);
      hitUnit(state, c, classes[0].unit, classes[0].hp);
      continue;
    }
    state.pending = { kind: 'assignHit', seat: c.roll!.by };
    return 'pending';
  }
}

function roll(state: GameState, c: CombatState, by: Faction, dice: { white: number; black: number }, rng: Rng): void {
  c.roll = { ...rollDice(rng, dice.white, dice.black), by };
  log(state, 'diceRolled', { by, planet: c.planet, kind: c.kind, wave: c.wave, dice: c.roll.dice });
}

/** R5.5 step 3 — remove units at 0 HP to supply (the SF leaves the game). */
function removeDestroyed(state: GameState, c: CombatState): void {
  const alive: CombatUnit[] = [];
  for (const u of c.units) {
    if (u.hp > 0) {
      alive.push(u);
      continue;
    }
    state.planets[c.planet][u.f][u.t] -= 1;
    if (u.t === 's') state.sfOut = true;
    else state.supply[u.f][u.t] += 1;
    c.destroyed.push({ f: u.f, t: u.t });
    log(state, 'unitDestroyed', { faction: u.f, unit: u.t, planet: c.planet });
  }
  c.units = alive;
}

function sideAlive(c: CombatState, f: Faction): boolean {
  return c.units.some((u) => u.f === f);
}

/** Drive the current combat or strike as far as possible. */
function step(state: GameState, rng: Rng): void {
  const c = state.combat;
  if (!c) return;
  for (;;) {
    if (c.step === 'attack' || c.step === 'defend') {
      const by = c.step === 'attack' ? c.attacker : other(c.attacker);
      if (!c.roll) roll(state, c, by, c.kind === 'strike' ? strikeDice(state) : sideDice(c, by), rng);
      if (assignHits(state, c) === 'pending') {
        now(state, task('combat'));
        return;
      }
      c.roll = null;
      c.step = c.kind === 'strike' || c.step === 'defend' ? 'remove' : 'defend';
      continue;
    }
    if (c.step === 'remove') {
      removeDestroyed(state, c);
      const r = sideAlive(c, 'R');
      const i = sideAlive(c, 'I');
      if (c.kind === 'strike' || !r || !i) {
        finish(state, c, r, i);
        return;
      }
      c.wave += 1;
      c.step = 'attack';
      continue;
    }
    return;
  }
}

function strikeDice(state: GameState): { white: number; black: number } {
  const s = state.combat as CombatState & { dice?: { white: number; black: number } };
  return s.dice ?? { white: 0, black: 0 };
}

/** R5.10 — record the result for "after a combat" objectives; survivors are repaired (R5.4). */
function finish(state: GameState, c: CombatState, r: boolean, i: boolean): void {
  c.step = 'done';
  if (c.kind === 'combat') {
    const winner: Faction | 'none' = r && !i ? 'R' : i && !r ? 'I' : 'none';
    state.lastCombat = { planet: c.planet, attacker: c.attacker, winner, destroyed: c.destroyed };
    log(state, 'combatEnded', { planet: c.planet, winner, destroyed: c.destroyed });
  } else {
    log(state, 'strikeEnded', { planet: c.planet, by: c.attacker, destroyed: c.destroyed });
    now(state, task('stateChecks')); // R5.12 — state checks afterwards, no after-combat window
  }
  state.combat = null;
}

const assignHit: DecisionHandler<'assignHit'> = {
  legal(state) {
    const c = state.combat;
    if (!c?.roll) return [];
    const kind = currentHit(c);
    if (!kind) return [];
    return targetClasses(legalTargets(state, c, kind)).map((t) => ({ type: 'assignHit', unit: t.unit, hp: t.hp }) as Action);
  },
  answer(state, _p, a) {
    const c = state.combat;
    if (a.type !== 'assignHit' || !c?.roll) return;
    spendHit(c, currentHit(c)!);
    hitUnit(state, c, a.unit, a.hp);
  },
};

const secretPlans: DecisionHandler<'secretPlans'> = {
  // R5.9 — asked alike whether or not the Rebel holds the card; "yes" only if they do.
  legal(state) {
    const out: Action[] = [];
    if (state.objectives.hand.includes(SECRET_PLANS)) out.push({ type: 'secretPlans', use: true });
    out.push({ type: 'secretPlans', use: false });
    return out;
  },
  answer(state, _p, a) {
    const c = state.combat;
    if (a.type !== 'secretPlans' || !c?.roll) return;
    c.roll.plansAsked = true;
    if (a.use) {
      c.roll.plansActive = true;
      state.known.secretPlansShown = true;
      log(state, 'secretPlansShown', {});
    } else {
      log(state, 'secretPlansPromptClosed', {});
    }
  },
};

export const tasks = {
  /** R4.6 SC1 / R5.1 — start a combat on a contested planet. */
  startCombat(state, t, rng) {
    const planet = t.planet;
    const attacker = t.attacker;
    state.combat = {
      kind: 'combat', planet, attacker, wave: 1, step: 'attack',
      units: [...unitsOfPlanet(state, planet, 'R'), ...unitsOfPlanet(state, planet, 'I')], roll: null, destroyed: [],
    };
    state.stats.combats += 1;
    log(state, 'combatStarted', { planet, attacker });
    step(state, rng);
  },
  combat(state, _t, rng) {
    step(state, rng);
  },
  /** R5.12 — a strike roll of the given dice by `by` against the enemy units on `planet`. */
  strike(state, t, rng) {
    const planet = t.planet;
    const by = t.by;
    const units = unitsOfPlanet(state, planet, other(by));
    const c: CombatState & { dice: { white: number; black: number } } = {
      kind: 'strike', planet, attacker: by, wave: 1, step: 'attack', units, roll: null, destroyed: [],
      dice: { white: t.white, black: t.black },
    };
    state.combat = c;
    log(state, 'strikeStarted', { planet, by });
    step(state, rng);
  },
} satisfies TaskHandlers;

export const decisions = { assignHit, secretPlans } satisfies DecisionHandlers;
