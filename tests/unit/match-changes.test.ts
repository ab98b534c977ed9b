/**
 * Issue 21 item 4: the server's rooms hear "a match changed" through one typed emitter (server/match/changes.ts)
 * instead of callbacks assigned after construction, and the move path holds a match through one lock interface
 * (server/match/lock.ts) whatever the number of processes.
 */
import { describe, expect, it } from 'vitest';
import { MatchChanges } from '../../server/match/changes';
import { busLock, processLock } from '../../server/match/lock';

describe('MatchChanges', () => {
  it('delivers each change to the listeners of its kind only, in the order they subscribed', () => {
    const changes = new MatchChanges();
    const heard: string[] = [];
    changes.on('activity', ({ matchID }) => heard.push(`a1:${matchID}`));
    changes.on('table', ({ matchID, metadata }) => heard.push(`t:${matchID}:${(metadata as { gameName: string }).gameName}`));
    changes.on('activity', ({ matchID }) => heard.push(`a2:${matchID}`));
    changes.emit('activity', { matchID: 'm1' });
    changes.emit('table', { matchID: 'm2', metadata: { gameName: 'g' } as never });
    expect(heard).toEqual(['a1:m1', 'a2:m1', 't:m2:g']);
  });

  it('a listener that stopped hears nothing more; one that throws is reported and the others still hear', () => {
    const errors: string[] = [];
    const changes = new MatchChanges((err, where) => errors.push(`${where}: ${(err as Error).message}`));
    const heard: string[] = [];
    const stop = changes.on('activity', ({ matchID }) => heard.push(`first:${matchID}`));
    changes.on('activity', () => {
      throw new Error('boom');
    });
    changes.on('activity', ({ matchID }) => heard.push(`last:${matchID}`));
    changes.emit('activity', { matchID: 'x' });
    stop();
    changes.emit('activity', { matchID: 'y' });
    expect(heard).toEqual(['first:x', 'last:x', 'last:y']);
    expect(errors).toEqual(['activity listener: boom', 'activity listener: boom']);
  });
});

describe('MatchLock', () => {
  it('one process: runs the operation at once, never stale, and trusts what it keeps', async () => {
    expect(processLock.soleWriter).toBe(true);
    expect(await processLock.hold('m', async (stale) => (stale ? 'stale' : 'fresh'))).toBe('fresh');
  });

  it('several processes: holds the bus lock for the match and passes its staleness on', async () => {
    const held: string[] = [];
    const lock = busLock({
      withLock: async <T>(matchID: string, fn: (stale: boolean) => Promise<T>) => {
        held.push(matchID);
        return fn(true);
      },
    });
    expect(lock.soleWriter).toBe(false);
    expect(await lock.hold('m7', async (stale) => (stale ? 'stale' : 'fresh'))).toBe('stale');
    expect(held).toEqual(['m7']);
  });
});
