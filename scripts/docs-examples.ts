// `npm run docs` (step 2 of 3): runs the example session and writes docs/examples.json, which gen-docs turns into
// the EXAMPLES of the man pages and the README. `--check`: write nothing, exit 1 when the file differs.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT, runExampleSession } from './example-session.js';
import { EXAMPLES_PATH, examplesJson } from '../src/lib/docs/examples-file.js';
import { readManifest } from '../src/lib/docs/generate.js';

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const manifest = readManifest(PACKAGE_ROOT);
  const examples = await runExampleSession({ root: PACKAGE_ROOT, commands: new Set(Object.keys(manifest.commands)) });
  const text = examplesJson(examples);
  const path = join(PACKAGE_ROOT, EXAMPLES_PATH);
  let current: string | null = null;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = null;
  }
  const runs = Object.values(examples).flat();
  const failed = runs.filter((r) => r.exitCode !== 0);
  for (const r of failed) process.stderr.write(`note: \`${r.commandLine}\` exited ${String(r.exitCode)}\n`);
  if (check) {
    if (current === text) return 0;
    process.stderr.write(`${EXAMPLES_PATH} differs from a fresh run: run npm run docs\n`);
    return 1;
  }
  if (current !== text) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    process.stdout.write(`updated ${path} (${runs.length} runs of ${Object.keys(examples).length} commands)\n`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`docs-examples failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
