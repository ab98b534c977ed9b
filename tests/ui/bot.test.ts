/**
 * The board's bot (src/ui/bot): `createBot('ismcts-<difficulty>')` behind the `Bot` seam chooses a legal move
 * from its own seat's view within a small budget, and the thoughts the board gets carry nothing but the win
 * estimate, the effort, and (Imperial, base hidden) the base guesses. The Web Worker answers the same protocol.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotThoughts } from '../../src/ai';
import { actionKey, applyLegal, legalActions, needsAdvance, run, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { InlineSeatBot, botNameOf } from '../../src/ui/bot/seatBot';
import { boardThoughts } from '../../src/ui/bot/thoughts';
import { stateAt } from './states';

describe('ISMCTS bot behind the Bot seam', () => {
  for (const [kind, difficulty] of [['plan', 'easy'], ['turn', 'normal'], ['deploy', 'hard']] as const) {
    it(`${difficulty}: answers a ${kind} decision with a legal move, from the view`, async () => {
      const s = stateAt(kind, `bot-${kind}`);
      const seat = s.pending!.seat;
      const view = viewFor(s, seat);
      const bot = new InlineSeatBot(botNameOf(difficulty), { budgetMs: 30, seed: 'bot-test' });
      const t0 = Date.now();
      const { action, thoughts } = await bot.choose(view, seat);
      expect(Date.now() - t0).toBeLessThan(3000);
      expect(legalActions(s, seat).map(actionKey)).toContain(actionKey(action));
      expect(thoughts.seat).toBe(seat);
      expect(thoughts.iterations).toBeGreaterThanOrEqual(0);
      expect(Object.keys(thoughts).sort()).toEqual(
        expect.arrayContaining(['elapsedMs', 'iterations', 'seat']),
      );
      expect(thoughts).not.toHaveProperty('candidates');
    });
  }

  it('the Imperial bot guesses the hidden base, never with certainty of a ruled-out planet', async () => {
    // The Rebel moves first in Operations: play its turn (pass), then the Imperial decides.
    const at = stateAt('turn', 'bot-imperial');
    const rng = seededRng('bot-imperial-after');
    applyLegal(at, legalActions(at, 'R').find((a) => a.type === 'pass')!, rng);
    while (needsAdvance(at)) run(at, rng);
    expect(at.pending!.seat).toBe('I');
    expect(at.base.revealed).toBe(false);
    const view = viewFor(at, 'I');
    const { thoughts } = await new InlineSeatBot('ismcts-easy', { budgetMs: 30, seed: 'g' }).choose(view, 'I');
    expect(thoughts.baseGuesses?.length).toBeGreaterThan(0);
    for (const g of thoughts.baseGuesses!) expect(view.probes.hand).not.toContain(g.planet);
  });
});

describe('boardThoughts: what the board may show', () => {
  const raw: BotThoughts = {
    bot: 'ismcts-normal', winChance: 0.64, iterations: 1234, elapsedMs: 98.7,
    baseBelief: [{ planet: 'F', p: 0.5 }, { planet: 'G', p: 0.3 }],
    candidates: [{ action: { type: 'pass' } as never, share: 1 }],
  };

  it('drops the candidate moves and rounds the time', () => {
    const s = stateAt('turn', 'bt-1');
    const t = boardThoughts(raw, viewFor(s, 'I'), 'I');
    expect(t).toEqual({
      seat: 'I', winChance: 0.64, iterations: 1234, elapsedMs: 99,
      ...(s.base.revealed ? {} : { baseGuesses: [{ planet: 'F', p: 0.5 }, { planet: 'G', p: 0.3 }] }),
    });
  });

  it('shows no base guesses for the Rebel, nor once the base is revealed', () => {
    const s = stateAt('turn', 'bt-2');
    expect(boardThoughts(raw, viewFor(s, 'R'), 'R').baseGuesses).toBeUndefined();
    const v = viewFor(s, 'I');
    v.base.revealed = true;
    expect(boardThoughts(raw, v, 'I').baseGuesses).toBeUndefined();
  });
});

describe('the Web Worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('answers {id, kind, view, seat, opts} with {id, answer: {action, thoughts}}', async () => {
    const posted: unknown[] = [];
    const self = { postMessage: (m: unknown) => posted.push(m), onmessage: null as null | ((e: { data: unknown }) => Promise<void>) };
    vi.stubGlobal('self', self);
    await import('../../src/ui/bot/bot.worker');
    const s = stateAt('turn', 'bot-worker');
    const seat = s.pending!.seat;
    const view = viewFor(s, seat);
    await self.onmessage!({ data: { id: 7, kind: 'ismcts-easy', view, seat, opts: { budgetMs: 20, seed: 'w' } } });
    await self.onmessage!({ data: { id: 8, kind: 'no-such-bot', view, seat, opts: { seed: 'w' } } });
    const [ok, bad] = posted as [{ id: number; answer: { action: never; thoughts: object } }, { id: number; error: string }];
    expect(ok.id).toBe(7);
    expect(legalActions(s, seat).map(actionKey)).toContain(actionKey(ok.answer.action));
    expect(ok.answer.thoughts).not.toHaveProperty('candidates');
    expect(bad).toMatchObject({ id: 8, error: expect.any(String) });
  });
});

describe('warm workers between screens (docs/BENCH.md "Bot search in the browser")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A stand-in Web Worker that answers every request at once with the first legal action. */
  function fakeWorkers() {
    const made: { terminated: boolean; requests: number; reply: boolean }[] = [];
    class FakeWorker {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      readonly rec = { terminated: false, requests: 0, reply: true };
      constructor() {
        made.push(this.rec);
      }
      postMessage(req: { id: number; view: never; seat: never }) {
        this.rec.requests++;
        if (!this.rec.reply) return;
        const action = legalActions(req.view, req.seat)[0];
        queueMicrotask(() => this.onmessage?.({ data: { id: req.id, answer: { action, thoughts: {} } } }));
      }
      terminate() {
        this.rec.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    return made;
  }

  it('a screen that ends hands its idle worker to the next one; a busy one is ended', async () => {
    const made = fakeWorkers();
    const { makeBot } = await import('../../src/ui/bot/seatBot');
    const s = stateAt('turn', 'warm-worker');
    const seat = s.pending!.seat;
    const first = makeBot('normal', { seed: 'a' });
    await first.choose(viewFor(s, seat), seat);
    first.dispose!();
    const second = makeBot('hard', { seed: 'b' });
    await second.choose(viewFor(s, seat), seat);
    expect(made).toHaveLength(1); // the same worker, warm
    expect(made[0]).toMatchObject({ terminated: false, requests: 2 });
    // A worker still searching when its screen ends is ended, not handed on.
    made[0].reply = false;
    void second.choose(viewFor(s, seat), seat);
    second.dispose!();
    expect(made[0].terminated).toBe(true);
    makeBot('easy', { seed: 'c' });
    expect(made).toHaveLength(2);
  });
});
