/**
 * Who played a decision is the server's event (issue 21 item 2, src/game/playedBy.ts): the server writes it into the
 * state after the move ran (`notePlayed`, as server/games/mint.ts does on the reducer's result), and a record's
 * replay steps through `playWithNote`. Both must give the same game, take-backs included, and a take-back never cuts
 * the table's lines (src/game/rules/undo.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { notePlayed, playWithNote, type PlayedBy } from '../../src/game/playedBy';
import { fingerprint } from '../../src/game/record';
import {
  apply, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState, type Rng,
} from '../../src/game/rules';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The server's way: the move runs on its own (with the state before it as the take-back base), then the note. */
function serverPath(G: GameState, seat: Faction, action: Action, note: PlayedBy, rng: Rng): boolean {
  const base = copy(G);
  const from = G.log.length;
  const round = G.round;
  if (!apply(G, seat, action, rng, base)) return false;
  notePlayed(G, seat, action.type, note, from, round);
  return true;
}

/** The replay's way (src/game/record.ts). */
const replayPath = (G: GameState, seat: Faction, action: Action, note: PlayedBy, rng: Rng): boolean =>
  playWithNote(G, seat, action.type, note, () => apply(G, seat, action, rng));

/**
 * Seeded random games in which the seat to move after 20 decisions is handed to the bot for `botCount`
 * decisions, then taken back by its owner, whose first decision is a take-back whenever one is offered.
 * `step` plays each decision with its note. Returns the states after the owner's first decision back.
 */
function handOverGames(seed: string, games: number, step: typeof serverPath, botCount = 2): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < games; g++) {
    const rng = seededRng(`${seed}-${g}`);
    const chooser = seededRng(`${seed}-choices-${g}`);
    const state = createState(rng);
    let botSeat: Faction | null = null;
    let botDecisions = 0;
    for (let n = 0; n < 400 && !state.winner; n++) {
      if (needsAdvance(state)) {
        run(state, rng);
        continue;
      }
      const seat = state.pending!.seat;
      const legal = legalActions(state, seat);
      const plain = legal.filter((a) => a.type !== 'undo');
      if (botSeat === null && n > 20) botSeat = seat;
      if (botSeat === seat && botDecisions < botCount) {
        const note: PlayedBy = botDecisions === 0 ? { bot: true, handedOver: 'time' } : { bot: true };
        expect(step(state, seat, plain[chooser.int(plain.length)], note, rng)).toBe(true);
        botDecisions++;
        continue;
      }
      if (botSeat === seat && botDecisions === botCount) {
        const action = legal.find((a) => a.type === 'undo') ?? plain[chooser.int(plain.length)];
        expect(step(state, seat, action, { takenBack: true }, rng)).toBe(true);
        out.push(state);
        break;
      }
      expect(apply(state, seat, plain[chooser.int(plain.length)], rng)).toBe(true);
    }
  }
  return out;
}

describe('who played a decision: the server\'s note written after the move (issue 21 item 2)', () => {
  it.each([1, 2])('the server\'s way and the replay\'s way give the same game, log and fingerprint (%i bot decisions)', (n) => {
    const live = handOverGames('note-paths', 30, serverPath, n);
    const replay = handOverGames('note-paths', 30, replayPath, n);
    expect(live.length).toBe(30);
    let undone = 0;
    for (let i = 0; i < live.length; i++) {
      expect(live[i].log).toEqual(replay[i].log);
      expect(fingerprint(live[i])).toBe(fingerprint(replay[i]));
      if (live[i].log.some((e) => e.e === 'tookBack')) undone++;
    }
    // Some owners' first decision back was a take-back of the bot's: the case where the two ways could part.
    expect(undone).toBeGreaterThan(0);
  });

  it('the lines are public, in order, and a take-back of the bot\'s only decision keeps "the bot plays" (undo keeps table lines)', () => {
    let undone = 0;
    for (const state of handOverGames('note-lines', 30, serverPath, 1)) {
      const kinds = state.log.filter((e) => e.e === 'seatToBot' || e.e === 'seatTakenBack');
      expect(kinds.map((e) => e.e)).toEqual(['seatToBot', 'seatTakenBack']);
      expect(kinds.every((e) => e.to === undefined)).toBe(true);
      const toBot = state.log.findIndex((e) => e.e === 'seatToBot');
      // Nothing before the hand-over line is the bot's.
      expect(state.log.slice(0, toBot).some((e) => e.byBot === true)).toBe(false);
      if (state.log.some((e) => e.e === 'tookBack')) {
        undone++;
        // The owner's take-back comes before its "took the seat back" line (the take-back cut the log first).
        expect(state.log.findIndex((e) => e.e === 'tookBack')).toBeLessThan(state.log.findIndex((e) => e.e === 'seatTakenBack'));
      }
    }
    expect(undone).toBeGreaterThan(0);
  });

  it('notePlayed changes only the log array: a frozen state\'s events are replaced by tagged copies, not written', () => {
    const rng = seededRng('frozen');
    const state = createState(rng);
    while (needsAdvance(state)) run(state, rng);
    const seat = state.pending!.seat;
    const before = { ...state, log: [...state.log] };
    const [action] = legalActions(state, seat).filter((a) => a.type !== 'undo');
    expect(apply(state, seat, action, rng)).toBe(true);
    for (const e of state.log) Object.freeze(e);
    const G = { ...state, log: [...state.log] };
    notePlayed(G, seat, action.type, { bot: true, handedOver: 'away' }, before.log.length, before.round);
    expect(G.log[before.log.length]).toMatchObject({ e: 'seatToBot', seat, why: 'away', round: before.round });
    expect(G.log.slice(before.log.length + 1).every((e) => e.byBot === true)).toBe(true);
    expect(state.log.some((e) => e.byBot === true)).toBe(false);
  });
});
