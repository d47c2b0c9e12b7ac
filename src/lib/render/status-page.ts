// The exporter's `/` page: the mirrors, their states and lag, and a link to /metrics. Every name
// and message comes from a broker, so every one is HTML-escaped.

import type { MetricsSnapshot } from '../mirror/metrics/metrics.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function states(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([state, n]) => `${n} ${escapeHtml(state)}`)
    .join(', ');
}

export function renderStatusPage(snapshot: MetricsSnapshot): string {
  const rows = (snapshot.result?.mirrors ?? []).map(
    (m) =>
      `<tr><td>${escapeHtml(m.name)}</td><td>${m.summary.partitions}</td><td>${states(m.summary.states)}</td>` +
      `<td>${String(m.summary.totalLag)}</td>` +
      `<td>${m.summary.maxLag === null ? '-' : String(m.summary.maxLag)}</td></tr>`,
  );
  const brokers = snapshot.brokers.map(
    (b) =>
      `<li>${escapeHtml(b.broker)}: ` +
      `${b.answered ? 'answered' : `no answer${b.message ? ` (${escapeHtml(b.message)})` : ''}`}</li>`,
  );
  const when = new Date(snapshot.collectedAtMs).toISOString();
  const status =
    (snapshot.result === null ? 'No answer from the cluster yet' : `Collected ${when}`) +
    (snapshot.stale ? ' (stale)' : '') +
    (snapshot.error ? `: ${escapeHtml(snapshot.error)}` : '');
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>kmirror exporter</title></head><body>',
    '<h1>kmirror exporter</h1>',
    `<p>${status}</p>`,
    '<table border="1"><tr><th>mirror</th><th>partitions</th><th>states</th><th>total lag</th><th>max lag</th></tr>',
    ...rows,
    '</table>',
    `<ul>${brokers.join('')}</ul>`,
    '<p><a href="/metrics">/metrics</a></p>',
    '</body></html>',
    '',
  ].join('\n');
}
