/**
 * npm run bench:browser [-- --positions N --budget-ms B --depth D --bundle prod|dev --worker bench|board|board-dev
 *                          --drop-log --isolated --node-bundle --cold --start-delay-ms T --idle-ms T
 *                          --in-game S]
 *
 * Search speed of the ISMCTS bot in Chromium's Web Worker next to Node (issue 24). The real bot (`IsmctsSeatBot`,
 * what the board's worker src/ui/bot/bot.worker.ts runs for `ismcts-normal`) is bundled by esbuild with a small
 * benchmark worker (./browserBench.worker.ts), served on 127.0.0.1 and started by a page in headless Chromium as a
 * module worker, like the board's. The same mid-game positions as `npm run bench:bot` (round ≥ 3, from random
 * games) are searched with the same budget and playout depth in the worker and in this Node process, one after
 * the other, the order alternating per position so that load on the machine hits both sides alike; a warm-up pass
 * comes first unless `--cold`. Each side gets each view afresh (the worker by structured clone, as the board posts
 * `state.G`; Node a JSON copy), with its full log unless `--drop-log`. Prints ONE JSON line:
 * { positions, budgetMs, node: { itersPerSec, itersPerDecision }, chromium: { itersPerSec, itersPerDecision }, ratio, … }
 * (ratio = chromium / node), with progress on stderr on a terminal.
 *
 * Options that test a suspicion (docs/BENCH.md "Bot search in the browser"):
 * - `--bundle dev`: the bench worker unminified, `process.env.NODE_ENV` = development (default `prod`: minified,
 *   production, like `vite build`);
 * - `--worker board`: the board's own worker as `vite build` emits it; `--worker board-dev`: as Vite's dev server
 *   (`npm run dev`) serves it;
 * - `--drop-log`: hand both sides views with an empty log (the board hands the whole log);
 * - `--isolated`: serve the page cross-origin isolated (COOP/COEP), which gives the worker a 5 µs clock instead of
 *   100 µs with jitter;
 * - `--node-bundle`: Node runs the bench worker's own bundle (same code as Chromium) instead of the sources via tsx;
 * - `--cold`: no warm-up pass (a fresh worker, like the first decisions of a game on the board);
 * - `--start-delay-ms T`: wait T ms after the page has loaded before the first search (with `--cold --worker board`:
 *   what the board's worker does before its first request);
 * - `--idle-ms T`: both sides idle T ms after each position, as the board's bot does while the human plays;
 * - `--in-game S`: afterwards, the board itself (`vite build`, "watch two bots", normal vs normal, default budget and
 *   pause) for S seconds in Chromium; adds `inGame: { decisions, itersPerDecision, itersPerSec, first, range }`.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { getPriority, setPriority, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Faction } from '../game/content';
import type { GameState } from '../game/rules';
import type { BenchRequest, ClockAnswer, DecideAnswer } from './browserBench.worker';
import { benchPositions } from '../sim/benchPositions';
import { progress } from './progress';

const HERE = dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY = resolve(HERE, 'browserBench.worker.ts');

export type WorkerSource = 'bench' | 'board' | 'board-dev';

export interface BrowserBenchOptions {
  positions?: number;
  budgetMs?: number;
  /** Playout depth (the bot ships with 16). */
  depth?: number;
  bundle?: 'prod' | 'dev';
  /**
   * Which worker runs the bot in Chromium: `bench` (default) the esbuild bundle of ./browserBench.worker.ts;
   * `board` the board's own worker (src/ui/bot/bot.worker.ts) as `vite build` emits it (the app is built into a
   * temporary directory); `board-dev` the board's worker as Vite's dev server (`npm run dev`) serves it.
   */
  worker?: WorkerSource;
  dropLog?: boolean;
  isolated?: boolean;
  /** Run Node's side on the same esbuild bundle as the bench worker (default: the sources through tsx, as `bench:bot`). */
  nodeBundle?: boolean;
  /** Skip the warm-up pass. */
  cold?: boolean;
  /** Wait this long after the page has loaded before the first search, ms (the board's first bot move comes later). */
  startDelayMs?: number;
  /** Idle time after each position (both sides searched), ms: the board's bot waits for the human between moves. */
  idleMs?: number;
  chromiumPath?: string;
  onProgress?(done: number, total: number): void;
}

export interface SideResult {
  itersPerSec: number;
  itersPerDecision: number;
  /** Fewest and most iterations in one decision. */
  range: [number, number];
  /**
   * Iterations per CPU-second of the searching thread (Node's main thread, Chromium's worker thread; Linux, read
   * from /proc with 10 ms ticks): what the code is worth whatever else the machine runs.
   */
  itersPerCpuSec: number | null;
  /** Iterations of the first searches counted, in order (with `--cold`, the very first of a fresh worker / process). */
  first: number[];
}

export interface BrowserBenchResult {
  positions: number;
  budgetMs: number;
  node: SideResult;
  chromium: SideResult;
  ratio: number;
  depth: number;
  setup: {
    worker: WorkerSource; bundle: 'prod' | 'dev' | 'vite-build' | 'vite-dev'; bundleKB: number | null;
    log: 'full' | 'dropped'; isolated: boolean; node: 'tsx' | 'bundle'; nice: number; renicedThreads: number;
    warmup: boolean; startDelayMs: number; idleMs: number; meanLogEvents: number;
  };
  clock: { node: ClockAnswer; chromium: ClockAnswer };
  versions: { node: string; chromium: string };
}

/** The benchmark worker as one ES module (esbuild, installed with vite). */
export async function buildWorker(bundle: 'prod' | 'dev'): Promise<string> {
  const esbuild = await import('esbuild');
  const prod = bundle === 'prod';
  const out = await esbuild.build({
    entryPoints: [WORKER_ENTRY], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false,
    minify: prod, define: { 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') },
    sourcemap: prod ? false : 'inline', logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/**
 * The page: one worker started like the board starts its own (`new Worker(url, { type: 'module' })`), asked one
 * search at a time. `board` workers speak the board's protocol (src/ui/bot/bot.worker.ts `BotRequest`); the clock
 * is always read by a bench worker.
 */
function benchPage(workerUrl: string, protocol: 'bench' | 'board', benchWorkerUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>bot bench</title><script type="module">
const start = (url) => {
  const worker = new Worker(url, { type: 'module' });
  const waiting = new Map();
  let next = 0;
  worker.onmessage = (e) => {
    const w = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (e.data.error) w.reject(new Error(e.data.error)); else w.resolve(e.data.answer);
  };
  worker.onerror = (e) => { for (const w of waiting.values()) w.reject(new Error('worker error: ' + e.message)); waiting.clear(); };
  return (req) => new Promise((resolve, reject) => { const id = ++next; waiting.set(id, { resolve, reject }); worker.postMessage({ ...req, id }); });
};
const ask = start(${JSON.stringify(workerUrl)});
const protocol = ${JSON.stringify(protocol)};
let views = [];
let calls = 0;
window.bench = {
  load(json) { views = JSON.parse(json); return views.length; },
  async decide(i, budgetMs, depth, seed) {
    const [view, seat] = views[i];
    if (protocol === 'bench') return ask({ decide: { view, seat, budgetMs, depth, seed } });
    // The board's worker keeps one bot per (kind, opts): a fresh nonce gives a fresh bot, so its first call's seed
    // is the same as the Node side's.
    const opts = { budgetMs, seed, search: { playoutDepth: depth }, nonce: ++calls };
    const { thoughts } = await ask({ kind: 'ismcts-normal', view, seat, opts });
    return { iterations: thoughts.iterations, elapsedMs: thoughts.elapsedMs };
  },
  clock() { return start(${JSON.stringify(benchWorkerUrl)})({ clock: true }); },
};
window.benchReady = true;
</script>`;
}

/** What the page puts on `window` (for `page.evaluate`). */
interface BenchWindow {
  benchReady?: boolean;
  bench: {
    load(json: string): number;
    decide(i: number, budgetMs: number, depth: number, seed: string): Promise<DecideAnswer>;
    clock(): Promise<ClockAnswer>;
  };
  botAnswers: { seen: number[]; elapsed: number[] };
}

type Handler = (path: string, res: ServerResponse) => boolean;

/** A handler serving the page, the bench worker and (optionally) the files of a directory. */
function routes(pageHtml: string, benchJs: string, headers: Record<string, string>, dir?: string): Handler {
  return (path, res) => {
    let body: string | Buffer | null = null;
    let type = 'text/javascript';
    if (path === '/__bench.html') {
      body = pageHtml;
      type = 'text/html; charset=utf-8';
    } else if (path === '/__bench-worker.js') {
      body = benchJs;
    } else if (dir && path.startsWith('/assets/') && !path.includes('..') && existsSync(join(dir, path))) {
      body = readFileSync(join(dir, path));
      if (!path.endsWith('.js')) type = 'application/octet-stream';
    }
    if (body === null) return false;
    res.writeHead(200, { 'content-type': type, ...headers });
    res.end(body);
    return true;
  };
}

async function listen(handler: Handler): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (!handler((req.url ?? '/').split('?')[0], res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const ROOT = resolve(HERE, '../..');

/** Serve the page and its worker on 127.0.0.1 (an ephemeral port); returns the page's URL. */
async function servePage(
  source: WorkerSource, benchJs: string, isolated: boolean,
): Promise<{ url: string; workerKB: number | null; close(): Promise<void> }> {
  const headers: Record<string, string> = isolated
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
  if (source === 'bench') {
    const s = await listen(routes(benchPage('/__bench-worker.js', 'bench', '/__bench-worker.js'), benchJs, headers));
    return { url: `${s.origin}/__bench.html`, workerKB: Math.round(benchJs.length / 1024), close: s.close };
  }
  const vite = await import('vite');
  if (source === 'board') {
    const outDir = mkdtempSync(join(tmpdir(), 'mint-bench-dist-'));
    await vite.build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const file = readdirSync(join(outDir, 'assets')).find((f) => /^bot\.worker-.*\.js$/.test(f));
    if (!file) throw new Error(`vite build emitted no bot.worker-*.js in ${outDir}/assets`);
    const workerUrl = `/assets/${file}`;
    const s = await listen(routes(benchPage(workerUrl, 'board', '/__bench-worker.js'), benchJs, headers, outDir));
    const kb = Math.round(statSync(join(outDir, 'assets', file)).size / 1024);
    return {
      url: `${s.origin}/__bench.html`, workerKB: kb,
      close: async () => {
        await s.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  }
  // board-dev: Vite's dev server, which serves the board's worker module by module, transformed on request (the URL
  // is the one Vite's dev transform gives `new URL('./bot.worker.ts', import.meta.url)` in seatBot.ts).
  const pageHtml = benchPage('/src/ui/bot/bot.worker.ts?worker_file&type=module', 'board', '/__bench-worker.js');
  const handler = routes(pageHtml, benchJs, headers);
  const server = await vite.createServer({
    root: ROOT, logLevel: 'warn', server: { host: '127.0.0.1', port: 0, hmr: false, headers },
    plugins: [{
      name: 'bench-page',
      configureServer(srv) {
        srv.middlewares.use((req, res, next) => { if (!handler((req.url ?? '/').split('?')[0], res)) next(); });
      },
    }],
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/__bench.html`, workerKB: null, close: () => server.close() };
}


// ---------------------------------------------------------------------------------------------------------------
// Fair shares of the CPU (Linux /proc; a no-op elsewhere). Chromium, started by root, sets its own threads'
// niceness (the worker thread runs at 0, its IO threads at -8) whatever the niceness it was started with: under
// `nice` on a loaded machine its worker would get several times the CPU this process gets. Before each search in
// Chromium, every thread of the browser's processes that is less nice than this process is set to this process's
// niceness. The searching threads' CPU time is read too, for rates per CPU-second that load does not skew.

const CLK_TCK = 100;

interface ProcStat { ppid: number; cpuMs: number; nice: number; comm: string }

function procStat(path: string): ProcStat | null {
  try {
    const text = readFileSync(path, 'utf8');
    const close = text.lastIndexOf(')');
    const f = text.slice(close + 2).split(' '); // f[0] is field 3 (state)
    return {
      ppid: Number(f[1]), cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK, nice: Number(f[16]),
      comm: text.slice(text.indexOf('(') + 1, close),
    };
  } catch {
    return null;
  }
}

/** Processes descending from `root` (Chromium's, for this process). */
function descendants(root: number): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = procStat(`/proc/${name}/stat`);
    if (!st) continue;
    const list = children.get(st.ppid) ?? [];
    list.push(Number(name));
    children.set(st.ppid, list);
  }
  const out: number[] = [];
  const todo = [...(children.get(root) ?? [])];
  while (todo.length > 0) {
    const pid = todo.pop()!;
    out.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return out;
}

function threads(pid: number): { tid: number; st: ProcStat }[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
      const st = procStat(`/proc/${pid}/task/${t}/stat`);
      return st ? [{ tid: Number(t), st }] : [];
    });
  } catch {
    return [];
  }
}

/** Set Chromium's threads that are less nice than this process to its niceness; returns how many were changed. */
function evenNiceness(): number {
  let changed = 0;
  const mine = getPriority();
  for (const pid of descendants(process.pid)) {
    for (const { tid, st } of threads(pid)) {
      if (st.nice >= mine) continue;
      try {
        setPriority(tid, mine);
        changed++;
      } catch {
        // a thread that just ended, or no permission: leave it
      }
    }
  }
  return changed;
}

/** CPU time of Chromium's worker threads, ms (null off Linux). */
function workerCpuMs(): number | null {
  let total: number | null = null;
  for (const pid of descendants(process.pid)) {
    for (const { st } of threads(pid)) if (st.comm.startsWith('DedicatedWorker')) total = (total ?? 0) + st.cpuMs;
  }
  return total;
}

/** CPU time of a process's main thread (where Node's search runs), ms (null off Linux). */
const mainThreadCpuMs = (pid: number): number | null => procStat(`/proc/${pid}/task/${pid}/stat`)?.cpuMs ?? null;

/**
 * Node's side: ./browserBench.node.ts in a child process with a session of its own (`detached`), as Playwright
 * starts Chromium: Linux shares the CPU between sessions first ("autogroups"), so a search in this process would
 * compete with everything else started from this terminal while Chromium's worker had a share of its own.
 */
async function startNode(
  bundleFile: string | null,
): Promise<{ pid: number; ask(req: Omit<BenchRequest, 'id'>): Promise<unknown>; close(): void }> {
  const child = fork(resolve(HERE, 'browserBench.node.ts'), bundleFile ? [bundleFile] : [], {
    detached: true, serialization: 'advanced', execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(a: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let failed: Error | null = null;
  const fail = (e: Error) => {
    failed = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  child.on('message', (m: { id: number; answer?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.answer);
  });
  child.on('exit', (code) => fail(new Error(`Node's bench process exited (${code})`)));
  child.on('error', fail);
  await new Promise((res, rej) => waiting.set(0, { resolve: res, reject: rej }));
  return {
    pid: child.pid!,
    ask: (req) => new Promise((res, rej) => {
      if (failed) return rej(failed);
      const id = ++next;
      waiting.set(id, { resolve: res, reject: rej });
      child.send({ ...req, id });
    }),
    close: () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}

function side(iters: number[], ms: number[], cpuMs: number | null): SideResult {
  const total = iters.reduce((a, b) => a + b, 0);
  const time = ms.reduce((a, b) => a + b, 0);
  return {
    itersPerSec: Math.round(total / (time / 1000)),
    itersPerDecision: Math.round((total / iters.length) * 10) / 10,
    range: [Math.min(...iters), Math.max(...iters)],
    itersPerCpuSec: cpuMs ? Math.round(total / (cpuMs / 1000)) : null,
    first: iters.slice(0, 6),
  };
}

export async function browserBench(o: BrowserBenchOptions = {}): Promise<BrowserBenchResult> {
  const n = o.positions ?? 30;
  const budgetMs = o.budgetMs ?? 100;
  const depth = o.depth ?? 16;
  const bundle = o.bundle ?? 'prod';
  if (!(n > 0) || !(budgetMs > 0) || !(depth > 0)) throw new Error('positive numbers expected');
  const ps = benchPositions(n);
  const meanLogEvents = Math.round(ps.reduce((a, [v]) => a + v.log.length, 0) / ps.length);
  const views = ps.map(([v, seat]) => {
    const view = o.dropLog ? { ...v, log: [] } : v;
    return JSON.stringify([view, seat]);
  });
  const source = o.worker ?? 'bench';
  const benchJs = await buildWorker(bundle);
  let bundleDir = null as string | null;
  let bundleFile: string | null = null;
  if (o.nodeBundle) {
    bundleDir = mkdtempSync(join(tmpdir(), 'mint-bench-node-'));
    bundleFile = join(bundleDir, 'worker.mjs');
    writeFileSync(bundleFile, benchJs);
  }
  const cleanup: (() => unknown)[] = [];
  if (bundleDir) cleanup.push(() => rmSync(bundleDir, { recursive: true, force: true }));
  try {
    const nodeSide = await startNode(bundleFile);
    cleanup.push(() => nodeSide.close());
    const server = await servePage(source, benchJs, !!o.isolated);
    cleanup.push(() => server.close());
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: o.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run'],
    });
    cleanup.push(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    page.setDefaultTimeout(Math.max(30_000, budgetMs * 20));
    await page.waitForFunction(() => (window as unknown as BenchWindow).benchReady === true);
    await page.evaluate((json) => (window as unknown as BenchWindow).bench.load(json), `[${views.join(',')}]`);
    const inChromium = (i: number) => page.evaluate(
      ([i, budgetMs, depth]) => (window as unknown as BenchWindow).bench.decide(i, budgetMs, depth, 'bench'),
      [i, budgetMs, depth] as const,
    );
    const inNode = (i: number): Promise<DecideAnswer> => {
      const [view, seat] = JSON.parse(views[i]) as [GameState, Faction];
      return nodeSide.ask({ decide: { view, seat, budgetMs, depth, seed: 'bench' } }) as Promise<DecideAnswer>;
    };
    if (o.startDelayMs) await new Promise((r) => setTimeout(r, o.startDelayMs));
    const passes = o.cold ? 1 : 2;
    const total = passes * n * 2;
    let done = 0;
    const it = { node: [] as number[], chromium: [] as number[] };
    const ms = { node: [] as number[], chromium: [] as number[] };
    const cpu: Record<'node' | 'chromium', number | null> = { node: 0, chromium: 0 };
    let reniced = 0;
    for (let pass = 0; pass < passes; pass++) {
      const counted = pass === passes - 1;
      for (let i = 0; i < n; i++) {
        // Alternate who goes first, so a burst of load on the machine does not always hit the same side.
        for (const who of (i + pass) % 2 === 0 ? ['node', 'chromium'] as const : ['chromium', 'node'] as const) {
          if (who === 'chromium') reniced += evenNiceness();
          const cpuOf = who === 'node' ? () => mainThreadCpuMs(nodeSide.pid) : workerCpuMs;
          const c0 = cpuOf();
          const a = await (who === 'node' ? inNode(i) : inChromium(i));
          const c1 = cpuOf();
          if (counted) {
            it[who].push(a.iterations);
            ms[who].push(a.elapsedMs);
            cpu[who] = c0 === null || c1 === null || cpu[who] === null ? null : cpu[who]! + (c1 - c0);
          }
          o.onProgress?.(++done, total);
        }
        if (o.idleMs) await new Promise((r) => setTimeout(r, o.idleMs));
      }
    }
    const chromiumClock = await page.evaluate(() => (window as unknown as BenchWindow).bench.clock());
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    const node = side(it.node, ms.node, cpu.node);
    const chrome = side(it.chromium, ms.chromium, cpu.chromium);
    return {
      positions: n, budgetMs, node, chromium: chrome, ratio: Math.round((chrome.itersPerSec / node.itersPerSec) * 100) / 100,
      depth,
      setup: {
        worker: source, bundle: source === 'board' ? 'vite-build' : source === 'board-dev' ? 'vite-dev' : bundle,
        bundleKB: server.workerKB, log: o.dropLog ? 'dropped' : 'full', isolated: !!o.isolated,
        node: o.nodeBundle ? 'bundle' : 'tsx', nice: getPriority(), renicedThreads: reniced, warmup: !o.cold,
        startDelayMs: o.startDelayMs ?? 0, idleMs: o.idleMs ?? 0, meanLogEvents,
      },
      clock: { node: (await nodeSide.ask({ clock: true })) as ClockAnswer, chromium: chromiumClock },
      versions: { node: process.version, chromium: browser.version() },
    };
  } finally {
    for (const f of cleanup.reverse()) await f();
  }
}

export interface InGameResult {
  /** Searches the board's two workers answered (the "watch two bots" screen, normal vs normal, default budget). */
  decisions: number;
  itersPerDecision: number;
  itersPerSec: number;
  /** Iterations of the first decisions of the game (fresh workers), in order. */
  first: number[];
  /** Their think times, ms. */
  firstMs: number[];
  range: [number, number];
}

/**
 * The board itself: `vite build` into a temporary directory, the "watch two bots" screen (both bots normal, their
 * default budget and pause) played for `seconds` in Chromium, every answer of the board's bot workers recorded
 * (a wrapper around `Worker` installed before the page's scripts).
 */
export async function inGameIterations(seconds: number, chromiumPath?: string): Promise<InGameResult> {
  const vite = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'mint-bench-dist-'));
  const cleanup: (() => unknown)[] = [() => rmSync(outDir, { recursive: true, force: true })];
  try {
    await vite.build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const s = await listen((path, res) => {
      let file = join(outDir, path);
      if (path.includes('..') || !existsSync(file) || statSync(file).isDirectory()) file = join(outDir, 'index.html');
      const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : file.endsWith('.js') ? 'text/javascript'
        : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type });
      res.end(readFileSync(file));
      return true;
    });
    cleanup.push(() => s.close());
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run'],
    });
    cleanup.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const seen: number[] = [];
      const elapsed: number[] = [];
      (window as unknown as BenchWindow).botAnswers = { seen, elapsed };
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(url: string | URL, opts?: WorkerOptions) {
          super(url, opts);
          this.addEventListener('message', (e: MessageEvent<{ answer?: { thoughts?: { iterations: number; elapsedMs: number } } }>) => {
            const t = e.data?.answer?.thoughts;
            if (t && t.iterations > 0) {
              seen.push(t.iterations);
              elapsed.push(t.elapsedMs);
            }
          });
        }
      };
    });
    await page.goto(`${s.origin}/`);
    await page.click('[data-start="bots"]');
    await page.click('[data-start="bots-go"]');
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      evenNiceness();
      await page.waitForTimeout(500);
    }
    const { seen, elapsed } = await page.evaluate(() => (window as unknown as BenchWindow).botAnswers);
    const total = seen.reduce((a, b) => a + b, 0);
    const ms = elapsed.reduce((a, b) => a + b, 0);
    return {
      decisions: seen.length,
      itersPerDecision: seen.length ? Math.round((total / seen.length) * 10) / 10 : 0,
      itersPerSec: ms ? Math.round(total / (ms / 1000)) : 0,
      first: seen.slice(0, 8),
      firstMs: elapsed.slice(0, 8),
      range: seen.length ? [Math.min(...seen), Math.max(...seen)] : [0, 0],
    };
  } finally {
    for (const f of cleanup.reverse()) await f();
  }
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      positions: { type: 'string', default: '30' }, 'budget-ms': { type: 'string', default: '100' },
      depth: { type: 'string', default: '16' }, bundle: { type: 'string', default: 'prod' },
      'drop-log': { type: 'boolean', default: false }, isolated: { type: 'boolean', default: false },
      'in-game': { type: 'string' }, 'start-delay-ms': { type: 'string', default: '0' },
      cold: { type: 'boolean', default: false }, 'idle-ms': { type: 'string', default: '0' },
      'node-bundle': { type: 'boolean', default: false }, worker: { type: 'string', default: 'bench' },
    },
    strict: true,
  });
  if (values.bundle !== 'prod' && values.bundle !== 'dev') throw new Error('--bundle prod|dev');
  const worker = values.worker as WorkerSource;
  if (!['bench', 'board', 'board-dev'].includes(worker)) throw new Error('--worker bench|board|board-dev');
  let bar = null as ReturnType<typeof progress> | null;
  const result = await browserBench({
    positions: Number(values.positions), budgetMs: Number(values['budget-ms']), depth: Number(values.depth),
    bundle: values.bundle, worker, dropLog: values['drop-log'], isolated: values.isolated, cold: values.cold,
    nodeBundle: values['node-bundle'], idleMs: Number(values['idle-ms']), startDelayMs: Number(values['start-delay-ms']),
    onProgress: (done, total) => (bar ??= progress(total, { label: 'browser bench' })).update(done),
  });
  bar?.done();
  const inGame = values['in-game'] ? await inGameIterations(Number(values['in-game'])) : undefined;
  process.stdout.write(`${JSON.stringify(inGame ? { ...result, inGame } : result)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
