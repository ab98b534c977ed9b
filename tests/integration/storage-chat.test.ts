/**
 * Chat storage per channel (issue 19 item 3; server/storage appendChat/fetchChat, migration 005) on a temporary
 * SQLite file and, when DATABASE_URL is a postgres:// URL, PostgreSQL: each channel keeps its own last lines;
 * lines stored before migration 005 still read; two adapters (two processes) appending to one match at once
 * lose nothing (a taken seq is tried again).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { InitializeGame } from 'boardgame.io/internal';
import type { Server } from 'boardgame.io';
import { createStorage, SqlStorage } from '../../server/storage';
import { MATCH_CHAT } from '../../server/storage/schema';

const PG_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
if (!PG_URL) console.warn('[storage-chat.test] SKIPPING the PostgreSQL run: DATABASE_URL is not a postgres:// URL');

const RUN = `${process.pid}_${randomBytes(3).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'mint-chat-storage-'));
const schemas: string[] = [];
const stores: SqlStorage[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
  if (PG_URL && schemas.length > 0) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    for (const s of schemas) await client.query(`drop schema if exists "${s}" cascade`);
    await client.end();
  }
});

const game = { name: 'counter', setup: () => ({ n: 0 }), moves: {} };
const metadata: Server.MatchData = { gameName: 'counter', players: { 0: { id: 0 }, 1: { id: 1 } }, createdAt: 1, updatedAt: 1 };
const line = (channel: string, i: number) => ({ id: `${channel}-${i}`, sender: channel === 'players' ? '0' : null, payload: { text: `${channel} ${i}`, channel, at: i } });
const texts = (lines: unknown[]) => lines.map((l) => (l as { payload: { text: string } }).payload.text);

const backends: { title: string; skip: boolean; make(): SqlStorage; again(s: SqlStorage): SqlStorage }[] = [
  {
    title: 'SQLite', skip: false,
    make: () => createStorage(join(dir, `c${stores.length}.sqlite`)),
    again: (s) => createStorage(s.filename!),
  },
  {
    title: PG_URL ? 'PostgreSQL' : 'PostgreSQL — SKIPPED (no DATABASE_URL)', skip: !PG_URL,
    make: () => {
      const schema = `chat_test_${RUN}_${schemas.length}`;
      schemas.push(schema);
      return createStorage(PG_URL!, { schema, poolSize: 4 });
    },
    again: (s) => createStorage(PG_URL!, { schema: s.schema, poolSize: 4 }),
  },
];

async function opened(s: SqlStorage): Promise<SqlStorage> {
  stores.push(s);
  await s.connect();
  return s;
}

async function withMatch(s: SqlStorage, matchID: string): Promise<void> {
  await s.createMatch(matchID, { initialState: InitializeGame({ game, numPlayers: 2 }), metadata });
}

for (const b of backends) {
  describe.skipIf(b.skip)(`chat storage on ${b.title}`, () => {
    it('each channel keeps its own last lines: a flood of one never removes the other\'s', async () => {
      const s = await opened(b.make());
      await withMatch(s, 'm1');
      for (let i = 0; i < 3; i++) expect(await s.appendChat('m1', 'players', line('players', i), 5, i)).toBe('written');
      for (let i = 0; i < 40; i++) await s.appendChat('m1', 'spectators', line('spectators', 100 + i), 5, 100 + i);
      expect(texts(await s.fetchChat('m1', ['players'], 100))).toEqual(['players 0', 'players 1', 'players 2']);
      expect(texts(await s.fetchChat('m1', ['spectators'], 100))).toEqual([135, 136, 137, 138, 139].map((i) => `spectators ${i}`));
      expect(texts(await s.fetchChat('m1', ['spectators'], 2))).toEqual(['spectators 138', 'spectators 139']);
      for (let i = 3; i < 9; i++) await s.appendChat('m1', 'players', line('players', i), 5, 200 + i);
      expect(texts(await s.fetchChat('m1', ['players'], 100))).toEqual([4, 5, 6, 7, 8].map((i) => `players ${i}`));
      expect(await s.appendChat('no-such-match', 'players', line('players', 0), 5)).toBe('missing');
    });

    it('lines stored before migration 005 still read, per channel, after it runs', async () => {
      const s = await opened(b.make());
      await withMatch(s, 'old');
      // As the code before issue 19 stored them: one sequence over both channels, no channel index.
      const raw = (s as unknown as { db: import('kysely').Kysely<any> }).db;
      for (let i = 0; i < 6; i++) {
        const channel = i % 3 === 0 ? 'players' : 'spectators';
        await raw.insertInto(MATCH_CHAT).values({ match_id: 'old', seq: i, channel, message: JSON.stringify(line(channel, i)), created_at: i }).execute();
      }
      await raw.schema.dropIndex(`${MATCH_CHAT}_channel_idx`).ifExists().execute();
      const migrations = s.schema ? sql`${sql.id(s.schema, 'bgio_storage_migration')}` : sql`${sql.id('bgio_storage_migration')}`;
      // The code before issue 19 had no migration 006 either (the game log rows, issue 21), nor 007 (the match
      // summaries, issue 22): undone too, or the migrator would find 005 missing before a migration it ran.
      await raw.schema.dropTable('mint_match_summary').execute();
      await raw.schema.dropTable('mint_game_log').execute();
      await raw.schema.alterTable('bgio_matches').dropColumn('game_log_length').execute();
      await sql`delete from ${migrations} where name in ('005_chat_by_channel', '006_game_log_rows', '007_match_summaries')`.execute(raw);
      await s.close();
      const again = await opened(b.again(s)); // migrates to 005 again
      expect(texts(await again.fetchChat('old', ['players'], 100))).toEqual(['players 0', 'players 3']);
      expect(texts(await again.fetchChat('old', ['spectators'], 100))).toEqual(['spectators 1', 'spectators 2', 'spectators 4', 'spectators 5']);
      await again.appendChat('old', 'players', line('players', 6), 2, 6);
      expect(texts(await again.fetchChat('old', ['players'], 100))).toEqual(['players 3', 'players 6']);
      expect(await again.fetchChat('old', ['spectators'], 100)).toHaveLength(4);
    });

    it('two adapters (two processes) appending to one match at once lose no line', async () => {
      const s = await opened(b.make());
      const t = await opened(b.again(s));
      await withMatch(s, 'race');
      await Promise.all(Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? s : t).appendChat('race', i % 4 < 2 ? 'players' : 'spectators', line(i % 4 < 2 ? 'players' : 'spectators', i), 100, i)));
      expect(await s.fetchChat('race', ['players'], 100)).toHaveLength(20);
      expect(await s.fetchChat('race', ['spectators'], 100)).toHaveLength(20);
    });
  });
}
