// The trend table under `describe --watch`: per mirror and topic, records mirrored per second over
// the watch window, a sparkline of the lag at the last refreshes, the lag's change per second and
// the estimated time to zero lag ("—" unless the lag is falling).

import type { TrendRow } from '../mirror/describe/trend.js';
import { style } from './style.js';
import { renderTable, type Column } from './table.js';
import { forTerminal } from '../text/terminal-safe.js';

const BARS = '▁▂▃▄▅▆▇█';

export function sparkline(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return '';
  const min = Math.min(...known);
  const max = Math.max(...known);
  return values
    .map((v) => {
      if (v === null) return ' ';
      if (max === min) return BARS[0];
      return BARS[Math.round(((v - min) / (max - min)) * (BARS.length - 1))];
    })
    .join('');
}

export function etaText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h${m > 0 ? `${m}m` : ''}`;
  if (m > 0) return `${m}m${rest > 0 ? `${rest}s` : ''}`;
  return `${rest}s`;
}

function rate(value: number | null): string {
  return value === null ? '—' : String(value);
}

const COLUMNS: Column[] = [
  { header: 'MIRROR' },
  { header: 'TOPIC' },
  { header: 'RECORDS/S', align: 'right' },
  { header: 'LAG TREND' },
  { header: 'LAG/S', align: 'right' },
  { header: 'ETA', align: 'right' },
];

function trendsText(rows: readonly TrendRow[]): string {
  if (rows.length === 0) return '';
  const window = Math.max(...rows.map((r) => r.windowMs)) / 1000;
  const title = style.strong(
    `Catch-up over the last ${Math.round(window)}s (${rows[0]?.lagHistory.length ?? 0} refreshes):`,
  );
  const table = renderTable(
    COLUMNS,
    rows.map((r) => [
      r.mirror,
      r.topic ?? '(all)',
      rate(r.recordsPerSecond),
      sparkline(r.lagHistory),
      rate(r.lagPerSecond),
      etaText(r.etaSeconds),
    ]),
  );
  return `${title}\n${table}`;
}

export const renderTrends = forTerminal(trendsText);
