#!/usr/bin/env node
// `npm run docs` (last step): writes man/*.1 and the README command reference from oclif.manifest.json
// and docs/examples.json (written just before by dist/scripts/docs-examples.js).
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

// The README's table of exporter metrics, from the metric definitions (test/lib/render/metrics-table.test.ts).
const { METRICS } = await import('../dist/src/lib/mirror/metrics/metrics.js');
const { renderMetricsTable, withMetricsTable } = await import('../dist/src/lib/render/metrics-table.js');
const readme = readFileSync('README.md', 'utf8');
const withTable = withMetricsTable(readme, renderMetricsTable(Object.values(METRICS)));
if (withTable !== readme) {
  writeFileSync('README.md', withTable);
  console.log('updated README.md (metrics table)');
}
