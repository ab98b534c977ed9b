/**
 * Operator basics (issue 10 item 5): `GET /metrics` is valid Prometheus text (every sample declared by a TYPE line,
 * names and labels well formed, numbers) and its counters move with a scripted match (a human client against the
 * server's random bot, a chat line, a refused move); one JSON event line per match event (created, joined,
 * finished), never carrying credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from 'boardgame.io';
import { eventLine, type MatchEvent } from '../../server/events';
import {
  api, createMatch, GAME, joinMatch, moveAction, rawClient, rawSync, rawUpdate, randomPlayer, snapshot, startTestServer, waitFor,
  type TestServer,
} from './server-helpers';

type Samples = Map<string, number>; // 'name{labels}' → value

/** A strict reader of the text exposition format (0.0.4): throws on anything it does not accept. */
function parseProm(text: string): { types: Map<string, string>; samples: Samples } {
  const types = new Map<string, string>();
  const samples: Samples = new Map();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    let m: RegExpMatchArray | null;
    if ((m = line.match(/^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/))) {
      if (types.has(m[1])) throw new Error(`TYPE twice: ${m[1]}`);
      types.set(m[1], m[2]);
    } else if ((m = line.match(/^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$/))) {
      // help text
    } else if ((m = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)$/))) {
      if (!types.has(m[1])) throw new Error(`sample before its TYPE: ${line}`);
      if (types.get(m[1]) === 'counter' && !m[1].endsWith('_total')) throw new Error(`counter without _total: ${m[1]}`);
      const key = m[1] + (m[2] ?? '');
      if (samples.has(key)) throw new Error(`sample twice: ${key}`);
      samples.set(key, Number(m[3]));
    } else {
      throw new Error(`not Prometheus text: ${JSON.stringify(line)}`);
    }
  }
  return { types, samples };
}

describe('/metrics and match events', () => {
  let server: TestServer;
  const events: MatchEvent[] = [];
  beforeAll(async () => {
    server = await startTestServer('sqlite', { events: (e) => events.push(e) });
  });
  afterAll(async () => {
    await server?.dispose();
  });
  const metrics = async () => {
    const r = await fetch(`${server.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseProm(await r.text()).samples;
  };

  it('parses as Prometheus text with the documented series', async () => {
    const s = await metrics();
    for (const k of ['mint_matches_active', 'mint_sockets', 'mint_moves_total{by="player"}', 'mint_moves_total{by="bot"}',
      'mint_bot_moves_total', 'mint_refusals_total{event="update"}', 'mint_chat_messages_total', 'mint_match_events_total{event="created"}']) {
      expect(s.has(k), k).toBe(true);
    }
    expect((await api(server.url, '/metrics', {})).status).toBe(405);
  });

  it('counters move with a scripted match: moves by player and bot, a refusal, a chat line, events', async () => {
    const before = await metrics();
    const delta = (after: Samples, k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);

    // A two-seat match: a chat line and a refused move (an unknown move name).
    const duel = await createMatch(server.url);
    const creds = { '0': await joinMatch(server.url, duel, '0'), '1': await joinMatch(server.url, duel, '1') };
    const c = await rawClient(server.url);
    await rawSync(c, duel, '1', creds['1']);
    const mid = await metrics();
    expect(mid.get('mint_matches_active')).toBeGreaterThanOrEqual(1);
    expect(mid.get('mint_sockets')).toBeGreaterThanOrEqual(1);
    expect((await rawUpdate(c, moveAction('noSuchMove', [], '1', creds['1']), 0, duel, '1'))[0]).toBe('mint:error');
    const chat = c.next(['chat']);
    c.socket.emit('chat', duel, { id: 'x', sender: '1', payload: 'hi' }, creds['1']);
    await chat;
    c.close();

    // A human (random moves) against the server's random bot, to the end.
    const r = await api(server.url, `/games/${GAME}/create`, { bot: 'I', botKind: 'random' });
    const botMatch = r.json.matchID as string;
    const human = randomPlayer(server.url, botMatch, 'R', await joinMatch(server.url, botMatch, '0', 'Human'));
    try {
      await human.finished;
    } finally {
      human.stop();
    }
    const log = (await snapshot(server.db, botMatch)).log as LogEntry[];
    const moves = log.filter((e) => e.action.type === 'MAKE_MOVE');
    const byHuman = moves.filter((e) => e.action.payload.playerID === '0').length;
    await waitFor(() => events.some((e) => e.event === 'finished' && e.matchID === botMatch), 3000, 'the finished event');

    const after = await metrics();
    expect(delta(after, 'mint_moves_total{by="player"}')).toBe(byHuman);
    expect(delta(after, 'mint_moves_total{by="bot"}')).toBe(moves.length - byHuman);
    expect(delta(after, 'mint_bot_moves_total')).toBe(moves.length - byHuman);
    expect(delta(after, 'mint_refusals_total{event="update"}')).toBeGreaterThanOrEqual(1);
    expect(delta(after, 'mint_chat_messages_total')).toBe(1);
    expect(delta(after, 'mint_match_events_total{event="created"}')).toBe(2);
    expect(delta(after, 'mint_match_events_total{event="joined"}')).toBe(3);
    expect(delta(after, 'mint_match_events_total{event="finished"}')).toBe(1);

    // The events themselves, and their JSON lines.
    expect(events.filter((e) => e.matchID === botMatch).map((e) => e.event)).toEqual(['created', 'joined', 'finished']);
    expect(events.find((e) => e.matchID === botMatch && e.event === 'created')).toMatchObject({ bot: 'random' });
    const finished = events.find((e) => e.matchID === botMatch && e.event === 'finished')!;
    expect(['0', '1']).toContain((finished as { winner?: string }).winner);
    for (const e of events) {
      const line = eventLine(e);
      expect(line).not.toContain('\n');
      const parsed = JSON.parse(line);
      expect(parsed.t).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(parsed.event).toBe(e.event);
      expect(line).not.toMatch(/credential/i);
      for (const secret of Object.values(creds)) expect(line).not.toContain(secret);
    }
  }, 60_000);
});
