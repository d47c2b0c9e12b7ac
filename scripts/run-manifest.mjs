#!/usr/bin/env node
// `npm run build`, after manifest-ascii.mjs: dist/bundle/run-manifest.json, the manifest oclif reads when a run
// can show no help (bin/run.cjs decides, scripts/bundle-patches.mjs RUN_MANIFEST points oclif at it).
// oclif parses its whole manifest at every start: 300 KB, most of it every flag's help text, which only help
// and completion read (~12 M instructions, ~8 % of what kmirror's start-up adds to Node's). A command's run
// needs its id, aliases, arguments (oclif's `config get` → `config:get` stops at the first command that
// takes arguments), strictness and plugin fields; its flags come from the command class itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { escapeNonAscii } from './bundle-patches.mjs';

export const RUN_MANIFEST_PATH = 'dist/bundle/run-manifest.json';

const HELP_ONLY = ['description', 'examples', 'usage'];

/** The manifest without what only help and completion read: descriptions, examples, usage and flags. */
export function runManifest(manifest) {
  const without = (object, keys) => Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
  const commands = Object.fromEntries(
    Object.entries(manifest.commands).map(([id, command]) => {
      const args = Object.fromEntries(
        Object.entries(command.args ?? {}).map(([name, arg]) => [name, without(arg, ['description'])]),
      );
      return [id, { ...without(command, HELP_ONLY), args, flags: {} }];
    }),
  );
  return { ...manifest, commands };
}

/** Writes dist/bundle/run-manifest.json from oclif.manifest.json (bundle.mjs too, which empties dist/bundle). */
export function writeRunManifest() {
  const root = new URL('../', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('oclif.manifest.json', root), 'utf8'));
  // ASCII, as manifest-ascii.mjs writes the whole one
  writeFileSync(new URL(RUN_MANIFEST_PATH, root), escapeNonAscii(JSON.stringify(runManifest(manifest))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeRunManifest();
