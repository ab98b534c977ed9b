/**
 * Issue 21 item 4: the match room's queue (server/match/queue.ts) runs one operation of a match at a time under the
 * match lock, lets other matches run alongside, survives a failed operation, and drops what the process keeps of a
 * match when the lock says another process ran it last. The connection registry (server/match/connections.ts)
 * tells the bus how many sockets a seat has here after every change.
 */
import { describe, expect, it } from 'vitest';
import { MatchQueue } from '../../server/match/queue';
import { processLock, type MatchLock } from '../../server/match/lock';
import { ConnectionRegistry, type Connection } from '../../server/match/connections';
import { MatchStore, type KeptAnswer } from '../../server/match/store';
import type { SqlStorage } from '../../server/storage';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('MatchQueue', () => {
  it('runs one operation of a match at a time, in order, other matches alongside', async () => {
    const counted = { operations: 0 };
    const queue = new MatchQueue(processLock, () => {}, counted);
    const seen: string[] = [];
    const gate = deferred();
    const first = queue.enqueue('m', async () => {
      seen.push('m1 start');
      await gate.promise;
      seen.push('m1 end');
    });
    const second = queue.enqueue('m', async () => {
      seen.push('m2');
    });
    const other = queue.enqueue('n', async () => {
      seen.push('n1');
    });
    await other;
    expect(seen).toEqual(['m1 start', 'n1']);
    expect(queue.busy).toBeGreaterThan(0); // m's first operation still holds its queue
    gate.resolve();
    await Promise.all([first, second]);
    expect(seen).toEqual(['m1 start', 'n1', 'm1 end', 'm2']);
    expect(counted.operations).toBe(3);
    await queue.drain();
    expect(queue.busy).toBe(0);
  });

  it('goes on after a failed operation, which its caller sees', async () => {
    const queue = new MatchQueue(processLock, () => {}, { operations: 0 });
    const failed = queue.enqueue('m', async () => {
      throw new Error('boom');
    });
    const next = queue.enqueue('m', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('drops what is kept of a match when the lock says it is stale, before the operation runs', async () => {
    const stale = new Set(['m']);
    const lock: MatchLock = { hold: (id, fn) => fn(stale.delete(id)), soleWriter: false };
    const events: string[] = [];
    const queue = new MatchQueue(lock, (id) => events.push(`forget ${id}`), { operations: 0 });
    await queue.enqueue('m', async () => void events.push('op 1'));
    await queue.enqueue('m', async () => void events.push('op 2'));
    expect(events).toEqual(['forget m', 'op 1', 'op 2']);
  });
});

describe('ConnectionRegistry', () => {
  const conn = (id: string): Connection => ({ id, emit: () => {} });

  it('counts sockets per match, seat and spectators, and tells presence each seat change', () => {
    const told: string[] = [];
    const reg = new ConnectionRegistry(() => 'game', (m, seat, n) => told.push(`${m}/${seat}=${n}`));
    reg.register({ conn: conn('a'), matchID: 'm', playerID: '0' });
    reg.register({ conn: conn('b'), matchID: 'm', playerID: '0' });
    reg.register({ conn: conn('c'), matchID: 'm', playerID: null });
    expect(reg.count()).toBe(3);
    expect(reg.count('m')).toBe(3);
    expect(reg.spectatorCount('m')).toBe(1);
    expect(reg.spectating('c', 'm')).toBe(true);
    expect(reg.spectating('a', 'm')).toBe(false);
    expect(reg.gameOfMatch('m')).toBe('game');
    reg.unregister('a');
    reg.unregister('c');
    expect(told).toEqual(['m/0=1', 'm/0=2', 'm/0=1']);
    expect(reg.spectatorCount('m')).toBe(0);
    reg.unregister('b');
    expect(reg.has('m')).toBe(false);
    expect(reg.gameOfMatch('m')).toBeUndefined();
    expect(told.at(-1)).toBe('m/0=0');
  });
});

describe('MatchStore', () => {
  it('forget drops the kept sync answers of every audience of the match (seats 0–6 and spectators), no other', () => {
    const store = new MatchStore({} as SqlStorage, 8, true);
    const answer = (stateID: number): KeptAnswer => ({ stateID, players: '[]', msg: {} as KeptAnswer['msg'] });
    const audiences = ['0', '1', '2', '3', '4', '5', '6', 'spectator'];
    for (const a of audiences) {
      store.keepAnswer(`m|${a}`, answer(1));
      store.keepAnswer(`other|${a}`, answer(2));
    }
    store.forget('m');
    for (const a of audiences) {
      expect(store.answer(`m|${a}`), a).toBeUndefined();
      expect(store.answer(`other|${a}`)?.stateID, a).toBe(2);
    }
  });
});
