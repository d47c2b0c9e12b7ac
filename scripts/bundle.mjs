#!/usr/bin/env node
// `npm run build` (after tsc): the CLI as one CommonJS file, dist/bundle/kmirror.cjs, which bin/run.cjs
// loads. Loading one file instead of ~700 modules (oclif, kafkajs, ours) is most of kmirror's start-up
// saving (issue 12). Its COMMANDS export is oclif's "explicit" command registry (package.json
// oclif.commands), generated here from the files in src/commands/ with the ids oclif's "pattern"
// strategy gives them, so a command file added there is in the next build with nothing else to edit.
// CommonJS, not ESM: Node builds an ESM facade of every built-in module an ES module imports (node:fs
// with all its lazy getters, streams…), which costs more than the bundle's own code.
// bin/dev.js and the in-process tests run the sources (src/lib/cli/startup/source-commands.ts) instead.
import { build } from 'esbuild';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const COMMANDS_DIR = join(ROOT, 'src', 'commands');
const OUT_DIR = join(ROOT, 'dist', 'bundle');
export const BUNDLE = join(OUT_DIR, 'kmirror.cjs');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(d|test|spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `config/get.ts` → `config:get`, `topic/index.ts` → `topic`: oclif's ids for command files. */
export function commandId(file) {
  const parts = relative(COMMANDS_DIR, file).split(sep);
  const name = parts.pop().replace(/\.ts$/, '');
  return [...parts, ...(name === 'index' ? [] : [name])].join(':');
}

/**
 * The bundle's entry, a CommonJS module: oclif's run/handle, our help class and every command class by id.
 * Each is a getter around require(): esbuild evaluates an ES module that is require()d only when that
 * require() runs, so a command loads only what it imports (check does not evaluate the emulator, kafkajs,
 * prompts or TLS), and oclif asks for no command but the one it runs (it lists them from the manifest).
 */
export function entrySource() {
  const files = sourceFiles(COMMANDS_DIR).sort();
  const registry = files.map((file) => {
    const path = relative(ROOT, file).split(sep).join(posix.sep);
    return `  get ${JSON.stringify(commandId(file))}() { return require('./${path}').default; },`;
  });
  return [
    "'use strict';",
    'module.exports = {',
    "  get Config() { return require('@oclif/core/config').Config; },",
    "  get handle() { return require('@oclif/core/handle').handle; },",
    "  get run() { return require('@oclif/core/run').run; },",
    "  get Help() { return require('./src/lib/cli/startup/help.ts').default; },",
    "  get commandNotFound() { return require('./src/lib/cli/startup/command-not-found.ts').default; },",
    '  COMMANDS: {',
    ...registry.map((line) => `  ${line}`),
    '  },',
    '};',
    '',
  ].join('\n');
}

async function bundle() {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await build({
    stdin: { contents: entrySource(), resolveDir: ROOT, sourcefile: 'kmirror-entry.js', loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: BUNDLE,
    // Our sources find the packages they load lazily (yaml, string-width) from their own URL; in the
    // bundle that is the bundle's URL, next to the same node_modules.
    define: { 'import.meta.url': '__kmirrorBundleUrl' },
    banner: { js: "const __kmirrorBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // import() becomes require() (every package we load lazily has a CommonJS build): bin/code-cache.cjs runs the
    // bundle as a vm.Script, whose import() needs an experimental option and fails from cached code on Node 20.
    // oclif's own import() (of an ES module plugin or hook, which kmirror has none of: package.json's hook is in
    // the bundle too) becomes require() as well.
    supported: { 'dynamic-import': false },
    // oclif reads tsconfig.json through typescript only for ts-node development runs (bin/dev.js,
    // which does not use the bundle); it is no dependency of ours.
    external: ['typescript', '@inquirer/prompts', 'prom-client'],
    minifyWhitespace: true,
    minifySyntax: true,
    // Short names: a smaller bundle and code cache (~3 ms of each start). KMIRROR_BUNDLE_NAMES=1 keeps the
    // source's names, for reading a CPU profile. No keepNames: it renames each function back as its module
    // loads (~1,500 defineProperty calls, 650 KB of maps, ~5 % of a short run's instructions); classes that
    // report their name set it themselves (test/lib/cli/failures/error-names.test.ts), and --debug's stack traces go
    // through the source map (bin/run.cjs).
    minifyIdentifiers: process.env.KMIRROR_BUNDLE_NAMES !== '1',
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).length;
  const bytes = result.metafile.outputs[relative(process.cwd(), BUNDLE).split(sep).join(posix.sep)]?.bytes;
  writeFileSync(join(OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
  console.log(`wrote ${relative(ROOT, BUNDLE)}: ${inputs} modules, ${((bytes ?? 0) / 1e6).toFixed(2)} MB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
