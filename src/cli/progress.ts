/**
 * A one-line progress bar on stderr: `label [#####-----]  42% 420/1000  812/s  ETA 0.7s`.
 * Drawn only when stderr is a TTY (and not under CI); otherwise every call is a no-op, so piped or logged runs
 * stay clean. Redraws at most every `intervalMs`. No dependency.
 */
export interface Progress {
  /** Set the number of items done (absolute, not an increment), optionally a new (estimated) total and label. */
  update(done: number, total?: number, label?: string): void;
  /** Draw the final state and move to a new line (no-op if silent). */
  done(): void;
}

export interface ProgressOptions {
  label?: string;
  /** Bar width in characters. */
  width?: number;
  intervalMs?: number;
  /** Overrides the TTY detection (tests). */
  stream?: NodeJS.WriteStream;
  enabled?: boolean;
}

const SILENT: Progress = { update() {}, done() {} };

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '?';
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.round(s - m * 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The text of one progress line (exported for tests). */
export function progressLine(label: string, done: number, total: number, elapsedMs: number, width = 24): string {
  const frac = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(frac * width);
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const pct = `${Math.floor(frac * 100)}%`.padStart(4);
  const rateText = rate >= 100 ? Math.round(rate).toString() : rate.toFixed(1);
  return `${label ? `${label} ` : ''}[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pct} ${done}/${total}`
    + `  ${rateText}/s  ETA ${done >= total ? '0.0s' : formatSeconds(eta)}`;
}

export function progress(initialTotal: number, opts: ProgressOptions = {}): Progress {
  const stream = opts.stream ?? process.stderr;
  const enabled = opts.enabled ?? (Boolean(stream.isTTY) && !process.env.CI);
  if (!enabled) return SILENT;
  let label = opts.label ?? '';
  const width = opts.width ?? 24;
  const interval = opts.intervalMs ?? 100;
  const start = performance.now();
  let total = initialTotal;
  let last = -Infinity;
  let current = 0;
  let finished = false;
  const draw = () => {
    const line = progressLine(label, current, total, performance.now() - start, width);
    const cols = stream.columns || 100;
    stream.write(`\r${line.slice(0, cols - 1)}\x1b[K`);
  };
  return {
    update(done: number, newTotal?: number, newLabel?: string) {
      current = done;
      if (newTotal !== undefined) total = newTotal;
      if (newLabel !== undefined) label = newLabel;
      const now = performance.now();
      if (finished || now - last < interval) return;
      last = now;
      draw();
    },
    done() {
      if (finished) return;
      finished = true;
      draw();
      stream.write('\n');
    },
  };
}
