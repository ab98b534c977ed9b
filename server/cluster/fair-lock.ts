/**
 * The match lock's Redis scripts (./bus.ts `withLock`), first come first served (issue 19 item 4).
 *
 * Before, a process that found a match locked slept 1, 2, 4 … 25 ms and tried again: the holder's process, whose
 * next operation of the match was queued right behind the one finishing, took the lock again at once, while the
 * other process slept; under a flood of operations on one process the other's move waited seconds. Now a process
 * that finds the lock taken joins the match's line (a sorted set by ticket) and sleeps until it is woken: the
 * release script frees the lock and publishes a wake-up to the process of the first in line only (its own channel
 * `PREFIX wake:<process>`), and only the first in line may take a free lock. Nobody spins: a waiter asks again
 * when woken, or after WAITER_POLL_MS at the latest (a wake-up lost with a Redis reconnection, a holder that died
 * and left its lock to expire). Each ask also renews the waiter's place; a waiter that stops asking (its process
 * died) loses it after WAITER_TTL_MS, so a dead waiter holds up the line that long at most.
 * Time in the scripts is Redis's own (TIME), so the processes' clocks need not agree.
 */

/** A waiter that has not asked again for this long is dropped from the line. */
export const WAITER_TTL_MS = 1000;
/** A waiter asks again at least this often, woken or not. */
export const WAITER_POLL_MS = 200;

// Script prologue: Redis's time in ms, and the first live waiter of the line (KEYS q, qx), dropping dead ones.
const HEAD = `if redis.replicate_commands then redis.replicate_commands() end
local function now_ms() local t = redis.call('time'); return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) end
local function head(q, qx, now)
  while true do
    local h = redis.call('zrange', q, 0, 0)[1]
    if not h then return nil end
    if tonumber(redis.call('hget', qx, h) or '0') >= now then return h end
    redis.call('zrem', q, h); redis.call('hdel', qx, h)
  end
end
`;

/**
 * KEYS lock, ver, q (line: token → ticket), qx (token → expiry ms, and the ticket counter '#');
 * ARGV token, lock ttl, waiter ttl. Returns {1, version} with the lock taken (the match's version becomes the
 * token at once: a process that dies in the middle leaves a version nobody keeps, so the next operation anywhere
 * re-reads the match), or {0, ''} in line.
 */
export const ACQUIRE = `${HEAD}
local now = now_ms()
local h = head(KEYS[3], KEYS[4], now)
if (h == nil or h == ARGV[1]) and redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if h then redis.call('zrem', KEYS[3], h); redis.call('hdel', KEYS[4], h) end
  local v = redis.call('get', KEYS[2]) or ''
  redis.call('set', KEYS[2], ARGV[1], 'PX', 86400000)
  return {1, v}
end
if not redis.call('zscore', KEYS[3], ARGV[1]) then
  redis.call('zadd', KEYS[3], redis.call('hincrby', KEYS[4], '#', 1), ARGV[1])
end
redis.call('hset', KEYS[4], ARGV[1], now + tonumber(ARGV[3]))
redis.call('pexpire', KEYS[3], 600000); redis.call('pexpire', KEYS[4], 600000)
return {0, ''}`;

/**
 * KEYS lock, ver, channel, q, qx; ARGV token, new version, wake channel prefix, messages…
 * Publishes the operation's messages, frees the lock (if still ours) and sets the version, then wakes the process
 * of the first live waiter (tokens are `random|processId`). Returns 1 if the lock was still ours.
 */
export const RELEASE = `${HEAD}
for i = 4, #ARGV do redis.call('publish', KEYS[3], ARGV[i]) end
local ok = 0
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('del', KEYS[1]); redis.call('set', KEYS[2], ARGV[2], 'PX', 86400000); ok = 1
end
local h = head(KEYS[4], KEYS[5], now_ms())
if h then
  local cut = string.find(h, '|', 1, true)
  if cut then redis.call('publish', ARGV[3] .. string.sub(h, cut + 1), h) end
end
return ok`;

/** KEYS lock; ARGV token, ttl: a slow operation keeps its lock. */
export const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** KEYS q, qx; ARGV token: a waiter that gives up leaves the line. */
export const LEAVE = `redis.call('zrem', KEYS[1], ARGV[1]); redis.call('hdel', KEYS[2], ARGV[1]); return 1`;

/** The scripts above as commands of the connection (ioredis defineCommand: EVALSHA, not the text every time). */
export interface LockCommands {
  mintAcquire(lock: string, ver: string, q: string, qx: string, token: string, ttl: number, waiterTtl: number): Promise<[number, string]>;
  mintRelease(lock: string, ver: string, channel: string, q: string, qx: string, token: string, newVer: string, wakePrefix: string, ...messages: string[]): Promise<number>;
  mintRenew(lock: string, token: string, ttl: number): Promise<number>;
  mintLeave(q: string, qx: string, token: string): Promise<number>;
}

export const LOCK_SCRIPTS = {
  mintAcquire: { numberOfKeys: 4, lua: ACQUIRE },
  mintRelease: { numberOfKeys: 5, lua: RELEASE },
  mintRenew: { numberOfKeys: 1, lua: RENEW },
  mintLeave: { numberOfKeys: 2, lua: LEAVE },
} as const;

/** Sleep until `wake()` or `ms`, whichever comes first; a wake that came before the sleep ends the next one at once. */
export class Waker {
  private pending = false;
  private resolve: (() => void) | undefined;

  wake(): void {
    if (this.resolve) this.resolve();
    else this.pending = true;
  }

  /** Forget a wake-up that came before the last ask (its answer already showed what it announced). */
  reset(): void {
    this.pending = false;
  }

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((r) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = undefined;
        r();
      };
      const timer = setTimeout(done, ms);
      this.resolve = done;
    });
  }
}
