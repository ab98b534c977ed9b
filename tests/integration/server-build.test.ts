/**
 * The compiled server (issue 21 item 7): scripts/build-server.mjs bundles it as `npm start` does, the bundle's
 * main.js runs under plain node on the embedded SQLite default and serves the lobby, a bot seat plays, and the
 * compiled search workers (mcts-worker.js, Imperios' imperios-worker.js) answer a legal move.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createState, legalActions, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { actionKey, awaitedSeats, createGame, legalActions as imperiosLegal, publicView } from '../../src/games/imperios/rules';
import { freePort, kill, startChild, type Child } from './child-server';
import { api, tempDir } from './server-helpers';

// Inside the project (node_modules/.cache), so the bundle finds the packages it imports; the folder ends in
// dist-server/ like the real one (server/main.ts starts itself when run as …/dist-server/main.js).
const base = join(process.cwd(), 'node_modules', '.cache', `server-build-${process.pid}`);
const out = join(base, 'dist-server');
let child: Child | undefined;
const data = tempDir('mint-server-build-');
let url = '';

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', out], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const port = await freePort();
  // DATABASE_URL empty: the embedded SQLite default, even where CI exports a PostgreSQL URL.
  const env = { PORT: String(port), DATA_DIR: data.dir, DATABASE_URL: '' };
  child = await startChild(env, [process.execPath, join(out, 'main.js')]);
  url = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  if (child) await kill(child);
  rmSync(base, { recursive: true, force: true });
  data.remove();
});

describe('the compiled server (npm start)', () => {
  it('serves the lobby from SQLite, and its bot plays a move', async () => {
    expect(child!.output.join('')).toContain('storage: SQLite');
    const health = await api(url, '/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ ok: true, dialect: 'sqlite' });
    const list = await api(url, '/games/mint-imperium');
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ matches: [] });
    const created = await api(url, '/games/mint-imperium/create', { bot: 'I', botKind: 'ismcts-easy' });
    expect(created.status).toBe(200);
    const joined = await api(url, `/games/mint-imperium/${created.json.matchID}/join`, { playerID: '0', playerName: 'T' });
    expect(joined.status).toBe(200);
    // The Imperial sets up first: the bot seat moves without anyone connected.
    const deadline = Date.now() + 30_000;
    while (!/mint_bot_moves_total [1-9]/.test((await api(url, '/metrics')).text)) {
      if (Date.now() > deadline) throw new Error('the bot did not move');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(child!.output.join('')).not.toMatch(/\[server\]|Error/);
  });

  it('the compiled search worker answers a legal move', async () => {
    const state = createState(seededRng('build'));
    const seat = state.pending!.seat;
    const w = new Worker(join(out, 'mcts-worker.js'));
    try {
      const answer = await new Promise<{ id?: number; choice?: { move: string }; error?: string }>((resolve, reject) => {
        w.on('message', (m) => {
          if (m.id === 1) resolve(m);
        });
        w.on('error', reject);
        w.postMessage({ id: 1, kind: 'ismcts-easy', view: viewFor(state, seat), seat, opts: { budgetMs: 100 } });
      });
      expect(answer.error).toBeUndefined();
      expect(legalActions(state, seat).map((a) => a.type)).toContain(answer.choice!.move);
    } finally {
      await w.terminate();
    }
  });

  it('the compiled Imperios search worker answers a legal action from the public view', async () => {
    const state = createGame({ players: 4, mode: 'tutorial', seed: 7 });
    const seat = awaitedSeats(state)[0];
    const w = new Worker(join(out, 'imperios-worker.js'));
    try {
      const answer = await new Promise<{ id?: number; choice?: unknown; error?: string }>((resolve, reject) => {
        w.on('message', (m) => {
          if (m.id === 1) resolve(m);
        });
        w.on('error', reject);
        w.postMessage({ id: 1, view: publicView(state), seat, level: 'hard', budgetMs: 100, seed: 1 });
      });
      expect(answer.error).toBeUndefined();
      expect(imperiosLegal(state, seat).map(actionKey)).toContain(actionKey(answer.choice as never));
    } finally {
      await w.terminate();
    }
  });
});
