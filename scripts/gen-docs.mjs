#!/usr/bin/env node
// Build step: writes man/*.1 and the README command reference from oclif.manifest.json.
// `--check` writes nothing and exits 1 when a committed page or the README section is stale.
import { readFileSync, writeFileSync, readdirSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { manualPages, readmeReference } from '../dist/src/lib/docs/manual.js';
import { exitCodesHelpText } from '../dist/src/lib/cli/exit-codes.js';

const check = process.argv.includes('--check');
const manifest = JSON.parse(readFileSync('oclif.manifest.json', 'utf8'));
const pages = manualPages(manifest, exitCodesHelpText(''));
const stale = [];

mkdirSync('man', { recursive: true });
for (const [file, text] of pages) {
  const path = join('man', file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current !== text) {
    stale.push(path);
    if (!check) writeFileSync(path, text);
  }
}
for (const file of readdirSync('man')) {
  if (file.endsWith('.1') && !pages.has(file)) {
    stale.push(join('man', file));
    if (!check) rmSync(join('man', file));
  }
}

const START = '<!-- commands -->';
const END = '<!-- commandsstop -->';
const readme = readFileSync('README.md', 'utf8');
const a = readme.indexOf(START);
const b = readme.indexOf(END);
if (a < 0 || b < a) {
  console.error(`README.md lacks the ${START} … ${END} markers`);
  process.exit(1);
}
const next = `${readme.slice(0, a + START.length)}\n${readmeReference(manifest)}\n${readme.slice(b)}`;
if (next !== readme) {
  stale.push('README.md (command reference)');
  if (!check) writeFileSync('README.md', next);
}

if (check && stale.length > 0) {
  console.error(`generated docs are stale: ${stale.join(', ')}\nrun: npm run build`);
  process.exit(1);
}
