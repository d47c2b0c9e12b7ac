#!/usr/bin/env node
// The kmirror executable: oclif's run over one bundled file (dist/bundle/kmirror.cjs). CommonJS, as the bundle:
// an ES module entry starts Node's ES module loader, several ms of each run.
'use strict';
const { enableCompileCache } = require('node:module');
const { homedir } = require('node:os');
const { isAbsolute, join } = require('node:path');

require('./stdout-errors.cjs').guardStdout();

const noCache = process.env.KMIRROR_NO_COMPILE_CACHE ?? '';
const cacheDir = noCache === '' || noCache === '0' ? compileCacheDir() : undefined;
if (cacheDir !== undefined && typeof enableCompileCache === 'function') enableCompileCache(cacheDir);

const args = process.argv.slice(2);
const details = args[0] === '--version' && args.some((a) => a === '--json' || a === '-o' || a.startsWith('--output'));
const argv = details ? ['version', ...args.slice(1)] : args;

// --debug prints stack traces through the bundle's source map (Node maps only what require() loads).
const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
const debugEnv = (process.env.KMIRROR_DEBUG ?? '').toLowerCase();
const debugging = flags.includes('--debug') || !['', '0', 'false'].includes(debugEnv);
if (debugging) process.setSourceMapsEnabled(true);

// @oclif/core checks its engine range (Node >= 18) by loading semver; npm enforces our narrower one (>= 20).
process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1';
// Not oclif's execute(): its flush gives stdout 10 s to drain, then throws "timed out" with a stack trace.
const bundle = join(__dirname, '..', 'dist', 'bundle', 'kmirror.cjs');
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
