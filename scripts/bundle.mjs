#!/usr/bin/env node
// `npm run build` (after tsc): the CLI as one CommonJS file, dist/bundle/kmirror.cjs: loading one file instead
// of ~700 modules is most of kmirror's start-up saving. Its COMMANDS export is oclif's "explicit" command registry,
// generated from src/commands/. CommonJS, not ESM: Node builds an ESM facade of every built-in an ES module imports.
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

export function commandId(file) {
  const parts = relative(COMMANDS_DIR, file).split(sep);
  const name = parts.pop().replace(/\.ts$/, '');
  return [...parts, ...(name === 'index' ? [] : [name])].join(':');
}

/**
 * The bundle's entry: each command is a getter around require(), since esbuild evaluates a require()d ES module
 * only when that require() runs, so a command loads only what it imports.
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
    // Our sources find the packages they load lazily from their own URL: in the bundle, the bundle's URL.
    define: { 'import.meta.url': '__kmirrorBundleUrl' },
    banner: { js: "const __kmirrorBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // import() becomes require(): bin/code-cache.cjs runs the bundle as a vm.Script, whose import() needs an
    // experimental option and fails from cached code on Node 20.
    supported: { 'dynamic-import': false },
    // oclif reads tsconfig.json through typescript only for development runs (bin/dev.js); no dependency of ours.
    external: ['typescript', '@inquirer/prompts', 'prom-client'],
    minifyWhitespace: true,
    minifySyntax: true,
    // No keepNames: renaming each function back as its module loads costs a short run ~5 %; --debug's stack traces
    // go through the source map.
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
