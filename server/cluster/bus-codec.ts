/**
 * What a bus message looks like on Redis (issue 19 item 9). Before, the `events` channel carried whole match states
 * (both seats' hidden cards, the random generator's seed and state) and metadata with the seats' credentials, in
 * clear, to anyone who could SUBSCRIBE. Now:
 * - metadata never carries a credential: each seat's `credentials` becomes `credentialsHash` (SHA-256, ../seats/credentials.ts).
 *   A receiver checks credentials by comparing hashes (../seats/keys.ts), and keeps a match's metadata for its next
 *   operation only with the credentials it read itself from storage (`MatchHub.withKnownCredentials`);
 * - the message itself (state with its seed, log entries, metadata, chat line) is sealed with AES-256-GCM under the
 *   service's key (./bus-key.ts: kept in PostgreSQL, never in Redis). The seed has to travel: the process that runs
 *   the match's next operation runs the game's reducer on that state, random generator included, without reading
 *   the match back (docs/SERVER.md "Several processes"). Sealed, it reaches only processes that hold the key.
 *   The sender's name and the operation's version token stay in clear (a receiver drops its own messages unparsed
 *   by the first), bound to the sealed part as its additional data: a message cannot be forged or re-attributed.
 * Without a key (tests that build a bus by hand) messages are JSON in clear, credentials still hashed.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { credentialsHash } from '../seats/credentials';
import { stateJson } from '../match/state-json';
import type { BusMessage } from './bus';

/** A received message, with the sender's name and the version token of its operation (if any). */
export type ReceivedBusMessage = BusMessage & { from?: unknown; v?: unknown };

/** A copy of a match's metadata in which each seat with credentials carries their hash instead. */
export function hashedMetadata(md: unknown): unknown {
  if (typeof md !== 'object' || md === null) return md;
  const players = (md as { players?: unknown }).players;
  if (typeof players !== 'object' || players === null) return md;
  const hashSeat = (p: unknown) => {
    if (typeof p !== 'object' || p === null || typeof (p as { credentials?: unknown }).credentials !== 'string') return p;
    const { credentials, ...rest } = p as { credentials: string };
    return { ...rest, credentialsHash: credentialsHash(credentials) };
  };
  return {
    ...md,
    players: Array.isArray(players) ? players.map(hashSeat)
      : Object.fromEntries(Object.entries(players).map(([id, p]) => [id, hashSeat(p)])),
  };
}

const IV = 12;
const TAG = 16;

export class BusCodec {
  /** `key`: 32 bytes (AES-256-GCM), or undefined for messages in clear. */
  constructor(private readonly processId: string, private readonly key?: Buffer) {
    if (key && key.length !== 32) throw new Error('the bus key must be 32 bytes');
  }

  get sealed(): boolean {
    return this.key !== undefined;
  }

  /** The text published for `msg` (`v`: the version token of the operation it ends, if any). */
  encode(msg: BusMessage, v?: string): string {
    const safe = 'md' in msg && msg.md !== undefined ? { ...msg, md: hashedMetadata(msg.md) } : msg;
    let body: string;
    if (safe.t === 'state') {
      // A state's JSON with its log entries encoded once each (../match/state-json.ts).
      const { state, ...rest } = safe;
      body = `{"state":${stateJson(state) ?? 'null'},${JSON.stringify(rest).slice(1)}`;
    } else {
      body = JSON.stringify(safe);
    }
    // `from` first: receivers drop their own messages by that prefix, unparsed.
    const head = `{"from":${JSON.stringify(this.processId)}${v !== undefined ? `,"v":${JSON.stringify(v)}` : ''}`;
    if (!this.key) return `${head},${body.slice(1)}`;
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(aad(this.processId, v));
    const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    return `${head},"x":"${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}"}`;
  }

  /** A published text back into a message; throws if it is not one (or, with a key, not sealed with it). */
  decode(raw: string): ReceivedBusMessage {
    const outer = JSON.parse(raw) as { from?: unknown; v?: unknown; x?: unknown };
    if (!this.key) {
      if ('x' in outer) throw new Error('a sealed bus message, and this process has no key');
      return outer as ReceivedBusMessage;
    }
    if (typeof outer.x !== 'string') throw new Error('a bus message not sealed with the service key: dropped');
    if (typeof outer.from !== 'string' || (outer.v !== undefined && typeof outer.v !== 'string')) throw new Error('bad bus message head');
    const bytes = Buffer.from(outer.x, 'base64');
    if (bytes.length < IV + TAG) throw new Error('bad sealed bus message');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV));
    decipher.setAAD(aad(outer.from, outer.v));
    decipher.setAuthTag(bytes.subarray(IV, IV + TAG));
    const body = Buffer.concat([decipher.update(bytes.subarray(IV + TAG)), decipher.final()]).toString('utf8');
    return { ...JSON.parse(body), from: outer.from, v: outer.v } as ReceivedBusMessage;
  }
}

const aad = (from: string, v: string | undefined) => Buffer.from(`${from}\n${v ?? ''}`, 'utf8');
