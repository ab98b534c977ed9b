/** Small HTTP helpers for the Koa app: JSON errors, a bounded JSON body reader, a per-address rate limiter. */
import type { Context, Middleware } from 'koa';

/** An error with an HTTP status whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export function fail(status: number, message: string, headers?: Record<string, string>): never {
  throw new HttpError(status, message, headers);
}

/** The database cannot be reached (PostgreSQL restarting, network): a 503 the client may retry, not a bug. */
export function storageDown(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[123]|08\d\d\d)$/.test(e.code)) return true;
  return typeof e?.message === 'string' && /Connection terminated|connection timeout/i.test(e.message);
}

/**
 * Outermost middleware: any error becomes `{ error: message }` with its 4xx status, or a 500 with a generic
 * message (the stack goes to the server log only). Unknown routes under the API get a JSON 404.
 */
export function jsonErrors(onError: (err: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const e = err as { status?: unknown; expose?: unknown; message?: unknown; headers?: Record<string, string> };
      let status = typeof e.status === 'number' && e.status >= 400 && e.status < 600 ? e.status : 500;
      let message: string;
      if (err instanceof HttpError) {
        message = err.message;
        for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
      } else if (storageDown(err)) {
        status = 503;
        message = 'storage unavailable: try again';
        onError(err);
      } else if (status < 500 && e.expose === true && typeof e.message === 'string') {
        message = e.message.slice(0, 200); // Koa/http-errors 4xx (e.g. a malformed URL)
      } else {
        status = 500;
        message = 'internal server error';
        onError(err);
      }
      ctx.status = status;
      ctx.type = 'application/json';
      ctx.body = { error: message };
    }
  };
}

/**
 * The request body as a JSON object, read with a size limit. The request must say `application/json`; an empty
 * body is then `{}`. Anything but a JSON object (array, string, number) is refused.
 */
export async function readJsonObject(ctx: Context, limitBytes: number): Promise<Record<string, unknown>> {
  const length = ctx.request.length; // Content-Length, if sent
  if (length !== undefined && length > limitBytes) fail(413, `request body too large (limit ${limitBytes} bytes)`);
  // Before reading, and even for an empty body: a form or text/plain POST (which any web page can send without a
  // CORS preflight) is refused outright.
  if (ctx.request.type !== 'application/json') fail(415, 'request body must be application/json');
  const raw = await readRaw(ctx, limitBytes);
  if (raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    fail(400, 'request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail(400, 'request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

function readRaw(ctx: Context, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = ctx.req;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null, value?: Buffer) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (err) {
        req.resume(); // drain the rest so the connection can answer
        reject(err);
      } else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) finish(new HttpError(413, `request body too large (limit ${limitBytes} bytes)`));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks));
    const onError = () => finish(new HttpError(400, 'request body could not be read'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Checks that `body` has no key outside `allowed`. */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) fail(400, `unknown field ${JSON.stringify(k.slice(0, 40))}`);
  }
}

export interface RateLimit {
  /** Requests allowed per window and address (also the burst). */
  max: number;
  windowMs: number;
}

/**
 * Token bucket per address: `max` tokens, refilled continuously over `windowMs`. `take(key)` returns 0 when
 * allowed, else the seconds to wait.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = Date.now();

  constructor(private readonly limit: RateLimit) {}

  take(key: string, now = Date.now()): number {
    const { max, windowMs } = this.limit;
    const rate = max / windowMs;
    this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: max, at: now };
    b.tokens = Math.min(max, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
  }

  /** Drop a key's bucket (a socket that closed). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Forget full buckets now and then, so the map stays small. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = now;
    const rate = this.limit.max / this.limit.windowMs;
    for (const [k, b] of this.buckets) {
      if (b.tokens + (now - b.at) * rate >= this.limit.max) this.buckets.delete(k);
    }
  }
}
