/** The listing's page cursor: the last match of a page, opaque to clients (base64url of `[createdAt, matchID]`). */
import type { ListCursor } from '../storage';
import { fail } from '../http';
import { isMatchID } from '../match/hub';

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.matchID]), 'utf8').toString('base64url');
}

export function decodeCursor(x: unknown): ListCursor | undefined {
  if (x === undefined) return undefined;
  if (typeof x !== 'string' || x.length > 200 || !/^[A-Za-z0-9_-]+$/.test(x)) fail(400, 'bad cursor');
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(x, 'base64url').toString('utf8'));
  } catch {
    fail(400, 'bad cursor');
  }
  if (!Array.isArray(v) || v.length !== 2 || !Number.isSafeInteger(v[0]) || !isMatchID(v[1])) fail(400, 'bad cursor');
  return { createdAt: v[0] as number, matchID: v[1] as string };
}
