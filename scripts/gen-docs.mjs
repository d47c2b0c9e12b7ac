#!/usr/bin/env node
// `npm run docs` (last step): writes man/*.1 and docs/commands.md from oclif.manifest.json and docs/examples.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { docChanges } from '../dist/src/lib/docs/generate.js';

for (const change of docChanges(process.cwd())) {
  if (change.expected === null) rmSync(change.path);
  else {
    mkdirSync(dirname(change.path), { recursive: true });
    writeFileSync(change.path, change.expected);
  }
  console.log(`updated ${change.path}`);
}

const { METRICS } = await import('../dist/src/lib/mirror/metrics/metrics.js');
const metricsTable = await import('../dist/src/lib/render/metrics-table.js');
const { MONITORING_DOC, renderMetricsTable, withMetricsTable } = metricsTable;
const monitoring = readFileSync(MONITORING_DOC, 'utf8');
const withTable = withMetricsTable(monitoring, renderMetricsTable(Object.values(METRICS)));
if (withTable !== monitoring) {
  writeFileSync(MONITORING_DOC, withTable);
  console.log(`updated ${MONITORING_DOC} (metrics table)`);
}
