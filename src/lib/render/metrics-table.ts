// The README's table of exporter metrics, generated from the definitions (scripts/gen-docs.mjs
// writes it; a test fails when the README differs).

import type { MetricDefinition } from '../mirror/metrics/metrics.js';

export const METRICS_TABLE_START = '<!-- metrics -->';
export const METRICS_TABLE_END = '<!-- metricsstop -->';

export function renderMetricsTable(definitions: readonly MetricDefinition[]): string {
  const rows = definitions.map(
    (d) =>
      `| \`${d.name}\` | gauge | ${d.labels.map((l) => `\`${l}\``).join(', ') || '—'} | ` +
      `${d.help.replace(/\|/g, '\\|')} |`,
  );
  return ['| metric | type | labels | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

export const MONITORING_DOC = 'docs/monitoring.md';

export function withMetricsTable(readme: string, table: string): string {
  const a = readme.indexOf(METRICS_TABLE_START);
  const b = readme.indexOf(METRICS_TABLE_END);
  if (a < 0 || b < a)
    throw new Error(`${MONITORING_DOC} lacks the ${METRICS_TABLE_START} … ${METRICS_TABLE_END} markers`);
  return `${readme.slice(0, a + METRICS_TABLE_START.length)}\n${table}\n${readme.slice(b)}`;
}
