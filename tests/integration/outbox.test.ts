// server/match/outbox.ts: a SharedMessage is encoded once, without socket.io-parser's hasBinary walk, into exactly the
// packet and pre-framed websocket frame socket.io's own broadcast would have written.
import { Server as IoServer } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { SharedMessage, sendShared, type IoNamespaceInternals, type IoSocketInternals } from '../../server/match/outbox';

function capture(): { socket: IoSocketInternals; writes: { packets: unknown[]; opts: Record<string, unknown> }[] } {
  const writes: { packets: unknown[]; opts: Record<string, unknown> }[] = [];
  const socket = {
    emit: () => { throw new Error('the shared encoding was not used'); },
    client: { writeToEngine: (packets: unknown[], opts: Record<string, unknown>) => writes.push({ packets, opts }) },
    disconnect: () => {},
  } as unknown as IoSocketInternals;
  return { socket, writes };
}

describe('shared messages (server/match/outbox.ts)', () => {
  it('encode to the same packet string and websocket frame as socket.io, once for every socket', () => {
    const io = new IoServer();
    const nsp = io.of('/mint-imperium') as unknown as IoNamespaceInternals & { adapter: { _encode(p: unknown, o: object): unknown[] } };
    const state = { G: { planets: [{ id: 'A', units: [1, 2] }], text: 'é "quoted" </script>' }, ctx: { turn: 3 }, _stateID: 7 };
    const msg = new SharedMessage('update', ['match-1', state, [{ action: { type: 'MAKE_MOVE' } }]]);
    const a = capture();
    const b = capture();
    sendShared(nsp, a.socket, msg);
    sendShared(nsp, b.socket, msg);
    const stockOpts: Record<string, unknown> = { preEncoded: true };
    const stock = nsp.adapter._encode({ type: 2, data: ['update', ...msg.args], nsp: '/mint-imperium' }, stockOpts);
    expect(a.writes).toHaveLength(1);
    expect(a.writes[0].packets).toEqual(stock);
    expect(a.writes[0].packets[0]).toBe(`2/mint-imperium,${JSON.stringify(['update', ...msg.args])}`);
    expect(Buffer.concat(a.writes[0].opts.wsPreEncodedFrame as Buffer[])).toEqual(Buffer.concat(stockOpts.wsPreEncodedFrame as Buffer[]));
    // The second socket gets the very same buffers (encoded once).
    expect(b.writes[0].packets).toBe(a.writes[0].packets);
    expect(b.writes[0].opts).toBe(a.writes[0].opts);
    // A message that brings its own JSON (server/match/state-json.ts) is written as the same packet and frame.
    const withJson = new SharedMessage('update', msg.args, () => JSON.stringify(['update', ...msg.args]));
    const c = capture();
    sendShared(nsp, c.socket, withJson);
    expect(c.writes[0].packets).toEqual(stock);
    expect(Buffer.concat(c.writes[0].opts.wsPreEncodedFrame as Buffer[])).toEqual(Buffer.concat(stockOpts.wsPreEncodedFrame as Buffer[]));
  });
});
