#!/usr/bin/env node
// Runs one suite of compiled tests with node's test runner. Suites are folders of dist/test:
// `unit` is everything except the suites that need outside tools (test/clients, test/kafka).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const suite = process.argv[2] ?? 'unit';
const root = 'dist/test';
const external = { clients: 'clients', kafka: 'kafka' };

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (name.endsWith('.test.js')) out.push(path);
  }
  return out;
}

const files = walk(root).filter((file) => {
  const top = file.slice(root.length + 1).split('/')[0];
  if (suite === 'unit') return !Object.values(external).includes(top);
  return top === external[suite];
});
if (files.length === 0) {
  console.error(`no test files for suite '${suite}' under ${root}`);
  process.exit(1);
}
const extra = process.argv.slice(3);
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...extra, ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
