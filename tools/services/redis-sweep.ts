/**
 * Deletes the Redis keys of one load-test run (`PREFIX*`) from the shared Redis server, so runs leave nothing
 * behind (the cluster mode keeps per-match keys). A minimal RESP client over one TCP connection: SCAN and DEL only,
 * no dependency. Best effort: a Redis that is down or refuses is reported, not fatal.
 */
import { connect } from 'node:net';

type Reply = string | number | null | Reply[];

/** One complete reply at `at`, or undefined if the buffer does not hold it yet. */
function parse(buf: Buffer, at = 0): { value: Reply; end: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const head = buf.toString('utf8', at + 1, eol);
  switch (String.fromCharCode(buf[at])) {
    case '+': return { value: head, end: eol + 2 };
    case '-': throw new Error(`redis: ${head}`);
    case ':': return { value: Number(head), end: eol + 2 };
    case '$': {
      const n = Number(head);
      if (n < 0) return { value: null, end: eol + 2 };
      if (buf.length < eol + 2 + n + 2) return undefined;
      return { value: buf.toString('utf8', eol + 2, eol + 2 + n), end: eol + 2 + n + 2 };
    }
    case '*': {
      const n = Number(head);
      const items: Reply[] = [];
      let end = eol + 2;
      for (let i = 0; i < n; i++) {
        const r = parse(buf, end);
        if (!r) return undefined;
        items.push(r.value);
        end = r.end;
      }
      return { value: items, end };
    }
    default: throw new Error('redis: unexpected reply');
  }
}

export async function deleteRedisPrefix(url: string, prefix: string): Promise<number> {
  const u = new URL(url);
  const socket = connect(Number(u.port || 6379), u.hostname || '127.0.0.1');
  socket.setTimeout(5000, () => socket.destroy(new Error('redis: timeout')));
  let buf = Buffer.alloc(0);
  const waiting: ((r: Reply | Error) => void)[] = [];
  socket.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      let r: ReturnType<typeof parse>;
      try {
        r = parse(buf);
      } catch (err) {
        buf = Buffer.alloc(0);
        waiting.shift()?.(err as Error);
        continue;
      }
      if (!r) break;
      buf = buf.subarray(r.end);
      waiting.shift()?.(r.value);
    }
  });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const command = (...args: string[]) => Promise.race([failed, new Promise<Reply>((resolve, reject) => {
    waiting.push((r) => (r instanceof Error ? reject(r) : resolve(r)));
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  })]);
  try {
    await Promise.race([failed, new Promise<void>((r) => socket.once('connect', () => r()))]);
    if (u.password) await command('AUTH', ...(u.username ? [decodeURIComponent(u.username)] : []), decodeURIComponent(u.password));
    if (u.pathname.length > 1) await command('SELECT', u.pathname.slice(1));
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await command('SCAN', cursor, 'MATCH', `${prefix}*`, 'COUNT', '500') as [string, string[]];
      cursor = next;
      if (keys.length > 0) deleted += await command('DEL', ...keys) as number;
    } while (cursor !== '0');
    return deleted;
  } finally {
    socket.destroy();
  }
}
