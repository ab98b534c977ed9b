/**
 * The lobby's limits, shared by every process of the service (docs/DEPLOY.md): a client spreading its requests
 * over N processes must not get N times the budget. A token bucket in Redis (one Lua call per request, the same
 * arithmetic as ../http/index.ts RateLimiter) and the set of unfinished bot matches an address created.
 * The socket budgets (../match/transport.ts) stay per process: they guard that process's own memory and event loop.
 */
import type { RateLimit, RateLimiter } from '../http';
import type { ClusterBus } from './bus';

/** What the lobby asks a limiter: 0 (allowed) or the seconds to wait. */
export interface Limiter {
  take(key: string): number | Promise<number>;
}

// KEYS[1] bucket; ARGV: max, windowMs, now. Returns 0 or the wait in seconds.
const TAKE = `local max = tonumber(ARGV[1]); local win = tonumber(ARGV[2]); local now = tonumber(ARGV[3])
local rate = max / win
local b = redis.call('hmget', KEYS[1], 't', 'at')
local tokens = tonumber(b[1]) or max; local at = tonumber(b[2]) or now
tokens = math.min(max, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.max(1, math.ceil((1 - tokens) / rate / 1000)) end
redis.call('hset', KEYS[1], 't', tostring(tokens), 'at', tostring(now))
redis.call('pexpire', KEYS[1], win * 2)
return wait`;

export class SharedRateLimiter implements Limiter {
  constructor(private readonly bus: ClusterBus, private readonly name: string, private readonly limit: RateLimit) {}

  take(key: string): Promise<number> {
    return this.bus.run((r) => r.eval(TAKE, 1, `${this.bus.prefix}rl:${this.name}:${key}`,
      this.limit.max, this.limit.windowMs, Date.now()) as Promise<number>);
  }
}

/**
 * This process's own bucket in front of the shared one (issue 19 item 4): an address over its budget here is
 * refused without a Redis round trip, so a flood's refusals cost no Redis command; what passes here is counted in
 * Redis too, so spreading requests over N processes still gets one budget, not N.
 */
export class LocalFirstLimiter implements Limiter {
  constructor(private readonly local: RateLimiter, private readonly shared: Limiter) {}

  take(key: string): number | Promise<number> {
    const wait = this.local.take(key);
    return wait > 0 ? wait : this.shared.take(key);
  }
}

/** Unfinished bot matches per address (the lobby's cap on the costliest thing a client can ask for). */
export interface BotMatchRegistry {
  list(address: string): Promise<string[]>;
  add(address: string, matchID: string): Promise<void>;
  remove(address: string, matchID: string): Promise<void>;
}

export class LocalBotMatches implements BotMatchRegistry {
  private readonly byAddress = new Map<string, Set<string>>();
  async list(address: string): Promise<string[]> {
    return [...this.byAddress.get(address) ?? []];
  }
  async add(address: string, matchID: string): Promise<void> {
    if (!this.byAddress.has(address)) this.byAddress.set(address, new Set());
    this.byAddress.get(address)!.add(matchID);
  }
  async remove(address: string, matchID: string): Promise<void> {
    const set = this.byAddress.get(address);
    set?.delete(matchID);
    if (set?.size === 0) this.byAddress.delete(address);
  }
}

const DAY_MS = 86_400_000;

export class SharedBotMatches implements BotMatchRegistry {
  constructor(private readonly bus: ClusterBus) {}
  private key(address: string): string {
    return `${this.bus.prefix}botm:${address}`;
  }
  list(address: string): Promise<string[]> {
    return this.bus.run((r) => r.smembers(this.key(address)));
  }
  async add(address: string, matchID: string): Promise<void> {
    await this.bus.run((r) => r.multi().sadd(this.key(address), matchID).pexpire(this.key(address), DAY_MS).exec());
  }
  async remove(address: string, matchID: string): Promise<void> {
    await this.bus.run((r) => r.srem(this.key(address), matchID));
  }
}
