#!/usr/bin/env node
// The kmirror executable: oclif's run over one bundled file (dist/bundle/kmirror.cjs, scripts/bundle.mjs), which
// package.json names as oclif's command registry and help class. CommonJS, as the bundle: an ES module entry
// starts Node's ES module loader, several ms of each run.
'use strict';
const { enableCompileCache } = require('node:module');
const { homedir } = require('node:os');
const { isAbsolute, join } = require('node:path');

require('./stdout-errors.cjs').guardStdout();

// Compiled code is kept between runs, in $XDG_CACHE_HOME/kmirror/compile-cache (else ~/.cache/...): the bundle's
// by ./code-cache.cjs, any other module's (those loaded lazily from node_modules) by Node's own module compile cache
// where Node has it (>= 22.1). KMIRROR_NO_COMPILE_CACHE=1 turns both off.
const noCache = process.env.KMIRROR_NO_COMPILE_CACHE ?? '';
const cacheDir = noCache === '' || noCache === '0' ? compileCacheDir() : undefined;
if (cacheDir !== undefined && typeof enableCompileCache === 'function') enableCompileCache(cacheDir);

// oclif answers `--version` (first) with its one line; `--version --json` (or -o json) asks for the version
// command's details.
const args = process.argv.slice(2);
const details = args[0] === '--version' && args.some((a) => a === '--json' || a === '-o' || a.startsWith('--output'));
const argv = details ? ['version', ...args.slice(1)] : args;

// The bundle keeps none of its functions' names: --debug (or KMIRROR_DEBUG) prints stack traces through its
// source map, to our sources' names and lines. Only words before `--` are flags.
// (Node maps only what require() loads, not code-cache.cjs's script.)
const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
const debugEnv = (process.env.KMIRROR_DEBUG ?? '').toLowerCase();
const debugging = flags.includes('--debug') || !['', '0', 'false'].includes(debugEnv);
if (debugging) process.setSourceMapsEnabled(true);

// @oclif/core checks its engine range (Node >= 18) by loading semver; npm enforces our narrower one (>= 20).
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1';
// Not oclif's execute(): its flush gives stdout 10 s to drain, then throws "timed out" with a stack trace. A
// kmirror command ends only after its output has left the process (BaseCommand._run); an error ends in
// handle(), which prints it (unless already printed) and exits with its code.
const bundle = join(__dirname, '..', 'dist', 'bundle', 'kmirror.cjs');
// a cache per command (its first word), help runs one of their own: each holds the code its runs call
const word =
  flags.includes('--help') || flags.includes('-h') || !/^[a-z][\w-]*$/.test(argv[0] ?? '') ? 'help' : argv[0];
const { run, handle } =
  cacheDir === undefined || debugging
    ? require(bundle)
    : require('./code-cache.cjs').requireWithCodeCache(bundle, cacheDir, word);
run(argv, __filename).catch((error) => handle(error));

function compileCacheDir() {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'kmirror', 'compile-cache');
  } catch {
    return undefined; // no home directory to be found: run uncached
  }
}
