/**
 * Hand-written SVG charts for the balance report (no dependency): horizontal bars with an optional interval
 * whisker and a shaded target band, and a small histogram. Text is escaped; sizes are fixed so reports diff well.
 */
export interface Bar {
  label: string;
  value: number;
  /** Optional interval drawn as a whisker (same units as value). */
  lo?: number;
  hi?: number;
  /** Optional second, lighter bar drawn under the first (e.g. reveals behind successes). */
  under?: number;
  note?: string;
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fmt = (x: number) => (Math.abs(x) >= 10 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(2));

export function barChart(title: string, bars: Bar[], opts: { max: number; band?: [number, number]; unit?: string; ticks?: number[] }): string {
  const labelW = 270;
  const plotW = 420;
  const rowH = 22;
  const top = 34;
  const height = top + bars.length * rowH + 30;
  const width = labelW + plotW + 70;
  const x = (v: number) => labelW + (Math.max(0, Math.min(opts.max, v)) / opts.max) * plotW;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  if (opts.band) {
    parts.push(`<rect x="${x(opts.band[0])}" y="${top - 4}" width="${x(opts.band[1]) - x(opts.band[0])}" height="${bars.length * rowH + 4}" fill="#dfd" />`);
  }
  for (const t of opts.ticks ?? [0, opts.max / 2, opts.max]) {
    parts.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${top - 4}" y2="${top + bars.length * rowH}" stroke="#ccc"/>`);
    parts.push(`<text x="${x(t)}" y="${top + bars.length * rowH + 16}" text-anchor="middle" fill="#555">${fmt(t)}${esc(opts.unit ?? '')}</text>`);
  }
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    parts.push(`<text x="${labelW - 8}" y="${y + 14}" text-anchor="end">${esc(b.label)}</text>`);
    if (b.under !== undefined) parts.push(`<rect x="${labelW}" y="${y + 3}" width="${x(b.under) - labelW}" height="14" fill="#c9d7ee"/>`);
    parts.push(`<rect x="${labelW}" y="${y + 3}" width="${Math.max(0, x(b.value) - labelW)}" height="14" fill="#3b6fb6"/>`);
    if (b.lo !== undefined && b.hi !== undefined) {
      parts.push(`<line x1="${x(b.lo)}" x2="${x(b.hi)}" y1="${y + 10}" y2="${y + 10}" stroke="#000" stroke-width="1.5"/>`);
      for (const v of [b.lo, b.hi]) parts.push(`<line x1="${x(v)}" x2="${x(v)}" y1="${y + 5}" y2="${y + 15}" stroke="#000" stroke-width="1.5"/>`);
    }
    const end = Math.max(x(b.value), b.hi !== undefined ? x(b.hi) : 0, b.under !== undefined ? x(b.under) : 0);
    parts.push(`<text x="${end + 6}" y="${y + 14}" fill="#333">${esc(b.note ?? fmt(b.value))}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
