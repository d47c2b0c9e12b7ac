#!/usr/bin/env node
// `npm run docs` (last step): writes man/*.1 and the README command reference from oclif.manifest.json
// and docs/examples.json (written just before by dist/scripts/docs-examples.js).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
