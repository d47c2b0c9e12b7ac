#!/usr/bin/env node
// `npm run build` (after `oclif manifest`): rewrites oclif.manifest.json as the same JSON without indentation and
// with non-ASCII characters as \u escapes. oclif reads and parses it at every run: 270 KB of ASCII instead of 364 KB
// of UTF-8 is ~3 ms less on Node 22 (whose UTF-8 decoding is slow).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MANIFEST = join(dirname(dirname(fileURLToPath(import.meta.url))), 'oclif.manifest.json');

export function compactJson(text) {
  const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return JSON.stringify(JSON.parse(text)).replace(/[\u0080-\uffff]/g, escape);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeFileSync(MANIFEST, compactJson(readFileSync(MANIFEST, 'utf8')));
