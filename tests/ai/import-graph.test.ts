/**
 * The fair bots cannot reach a master state (issue 7): starting from src/ai/ismcts/*.ts, src/ai/flatmc.ts and
 * src/ai/random.ts, the static import graph (import/export … from, import(), require) never reaches the server,
 * the UI, the boardgame.io Game and filter (which hold or serve the full G), boardgame.io itself, React or Node
 * built-ins. src/ai/fairMcts.ts and src/ai/mcts.ts wrap boardgame.io's MCTSBot and are deliberately outside.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SPEC = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Import specifiers of a source file, comments stripped first (a commented-out import is not an edge). */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
  const out: string[] = [];
  for (const m of code.matchAll(SPEC)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  throw new Error(`unresolved import ${spec} in ${relative(ROOT, from)}`);
}

/** Every file and bare module reachable from `entries`, with the path that first reached it. */
function reach(entries: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const stack = entries.map((e) => [e]);
  while (stack.length > 0) {
    const path = stack.pop()!;
    const node = path[path.length - 1];
    if (seen.has(node)) continue;
    seen.set(node, path);
    if (!node.startsWith('/')) continue; // a bare module: not walked into
    if (node.endsWith('.json')) continue;
    for (const spec of specifiers(readFileSync(node, 'utf8'))) {
      const next = spec.startsWith('.') ? resolveRelative(node, spec) : spec;
      stack.push([...path, next]);
    }
  }
  return seen;
}

const FORBIDDEN: { what: string; test: (node: string) => boolean }[] = [
  { what: 'server/', test: (n) => n.startsWith(join(ROOT, 'server') + '/') },
  { what: 'src/ui/', test: (n) => n.startsWith(join(ROOT, 'src/ui') + '/') },
  { what: 'src/game/index.ts (the boardgame.io Game)', test: (n) => n === join(ROOT, 'src/game/index.ts') },
  { what: 'src/game/filter.ts', test: (n) => n === join(ROOT, 'src/game/filter.ts') },
  { what: 'boardgame.io', test: (n) => n === 'boardgame.io' || n.startsWith('boardgame.io/') },
  { what: 'react', test: (n) => /^react(-dom)?(\/|$)/.test(n) },
  { what: 'node: built-ins', test: (n) => n.startsWith('node:') },
];

const entries = [
  ...readdirSync(join(ROOT, 'src/ai/ismcts')).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, 'src/ai/ismcts', f)),
  join(ROOT, 'src/ai/flatmc.ts'),
  join(ROOT, 'src/ai/random.ts'),
];

describe('the fair bots import nothing that can reach a master state', () => {
  it('the specifier parser sees every import form and ignores comments', () => {
    const src = [
      "import { a } from './a';", "import type { B } from \"../b\";", "export * from './c';",
      "import './d';", "const e = await import('./e');", "// import { x } from 'server/x';",
      "/* import y from 'react'; */", "import {\n  f,\n  g,\n} from 'boardgame.io/ai';",
    ].join('\n');
    expect(specifiers(src).sort()).toEqual(['../b', './a', './c', './d', './e', 'boardgame.io/ai'].sort());
  });

  it('the walk follows relative imports into the rules core and would see a forbidden one', () => {
    const seen = reach(entries);
    expect(entries.length).toBeGreaterThan(5);
    expect(seen.has(join(ROOT, 'src/game/rules/sample.ts'))).toBe(true);
    expect(seen.has(join(ROOT, 'src/game/rules/engine.ts'))).toBe(true);
    // The same walk from the boardgame.io wrapper does reach the Game and boardgame.io: the check has teeth.
    const wrapper = reach([join(ROOT, 'src/ai/mcts.ts')]);
    expect(wrapper.has(join(ROOT, 'src/game/index.ts'))).toBe(true);
    expect([...wrapper.keys()].some((n) => n.startsWith('boardgame.io'))).toBe(true);
  });

  it('no path from src/ai/ismcts, flatmc or random reaches the server, UI, Game, filter, boardgame.io, React or node:', () => {
    const bad: string[] = [];
    for (const [node, path] of reach(entries)) {
      for (const f of FORBIDDEN) {
        if (f.test(node)) bad.push(`${f.what}: ${path.map((p) => (p.startsWith('/') ? relative(ROOT, p) : p)).join(' → ')}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

/**
 * Which way the top-level folders may import (issue 21 item 4): the load, abuse and benchmark tools (tools/) drive the
 * server from outside, so production code under server/ never imports them; src/ (rules, board, bots, commands) is
 * what the server serves and plays, so it imports neither server/ nor tools/. Direct imports are enough: if no
 * file of a folder names a forbidden one, no chain from that folder can pass through it.
 */
describe('server/ never imports tools/, src/ imports neither server/ nor tools/', () => {
  function files(dir: string): string[] {
    const out: string[] = [];
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) out.push(...files(p));
      else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) out.push(p);
    }
    return out;
  }
  const inside = (dir: string) => (p: string) => p === join(ROOT, dir) || p.startsWith(join(ROOT, dir) + '/');

  /** `from`'s relative imports that land in one of `forbidden` (a path, no need for the file to exist). */
  function wrongWay(from: string, forbidden: string[]): string[] {
    const bad: string[] = [];
    for (const file of files(join(ROOT, from))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        for (const dir of forbidden) if (inside(dir)(target)) bad.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    return bad;
  }

  it('the check sees an import of the wrong way', () => {
    // A specifier from a file of server/ that reaches tools/ resolves inside it (the check has teeth).
    const target = resolve(join(ROOT, 'server/bots'), '../../tools/bench-kit');
    expect(inside('tools')(target)).toBe(true);
    expect(files(join(ROOT, 'tools')).length).toBeGreaterThan(5);
    expect(files(join(ROOT, 'server')).length).toBeGreaterThan(20);
  });

  it('no file under server/ imports tools/', () => {
    expect(wrongWay('server', ['tools'])).toEqual([]);
  });

  it('no file under src/ imports server/ or tools/', () => {
    expect(wrongWay('src', ['server', 'tools'])).toEqual([]);
  });
});
