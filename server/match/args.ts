/**
 * Shape and size of a move's arguments, checked before anything copies or stringifies them (issue 14, item 9):
 * a 60 KB binary argument used to be stringified and then spread into a 60,000-key object before the legality
 * check. A move has at most one argument: for Mint a plain object of a few fields whose values are short strings,
 * numbers, booleans, null, or small arrays / objects of those (`src/game/rules/actions.ts`); for another hosted game
 * possibly a short primitive. Which argument a move takes is the game's question, asked next.
 */
const MAX_FIELDS = 8;
const MAX_NODES = 64;
const MAX_DEPTH = 4;
const MAX_STRING = 64;

/** Why `args` cannot be a move's arguments, or null if its shape is acceptable (legality is checked later). */
export function argsProblem(args: unknown): string | null {
  if (args === undefined) return null;
  if (!Array.isArray(args) || Object.getPrototypeOf(args) !== Array.prototype) return 'args must be an array';
  if (args.length > 1) return 'too many args';
  const arg = args[0];
  if (arg === undefined || arg === null) return null;
  // A primitive argument (another hosted game's move, as Hidden Noughts' cell number) is only checked for size;
  // whether the game takes it is the game's question (../match/hosted-game.ts acceptClientAction).
  if (typeof arg !== 'object') return valueProblem(arg, 0, { nodes: MAX_NODES });
  if (!isPlainObject(arg)) return 'the argument must be a plain object';
  let fields = 0;
  for (const _k in arg) if (++fields > MAX_FIELDS) return 'too many fields';
  const budget = { nodes: MAX_NODES };
  return valueProblem(arg, 0, budget);
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

function valueProblem(x: unknown, depth: number, budget: { nodes: number }): string | null {
  if (--budget.nodes < 0) return 'argument too large';
  switch (typeof x) {
    case 'string': return x.length > MAX_STRING ? 'string too long' : null;
    case 'number': case 'boolean': return null;
    case 'object': break;
    default: return 'unsupported value';
  }
  if (x === null) return null;
  if (depth >= MAX_DEPTH) return 'argument too deep';
  if (Array.isArray(x)) {
    if (Object.getPrototypeOf(x) !== Array.prototype) return 'unsupported value';
    if (x.length > MAX_NODES) return 'argument too large';
    for (const v of x) {
      const p = valueProblem(v, depth + 1, budget);
      if (p) return p;
    }
    return null;
  }
  // Buffers, typed arrays, dates…: anything but a plain object is refused without being walked.
  if (!isPlainObject(x)) return 'unsupported value';
  let n = 0;
  for (const k in x) {
    if (++n > MAX_FIELDS || k.length > MAX_STRING) return 'argument too large';
    const p = valueProblem(x[k], depth + 1, budget);
    if (p) return p;
  }
  return null;
}
