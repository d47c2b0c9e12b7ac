#!/usr/bin/env node
// The kmirror executable. CommonJS, as everything it loads before a command runs: an ES module entry
// starts Node's ES module loader and builds a facade of every built-in it imports, several ms of each run.
'use strict';
const module_ = require('node:module');
const { homedir } = require('node:os');
const { readFileSync } = require('node:fs');
const { isAbsolute, join } = require('node:path');
const { pathToFileURL } = require('node:url');

// The oclif settings of package.json a direct run was written for; any other (plugins, exit codes, a theme, bin
// aliases, flexible taxonomy...) would change what the loaded configuration holds: oclif's whole run then.
const DIRECT_RUN_SETTINGS = [
  'bin',
  'dirname',
  'commands',
  'topicSeparator',
  'helpClass',
  'topics',
  'hooks',
  'additionalHelpFlags',
];

// oclif answers `--version` only when it is the first argument; so does the quick path, which skips
// loading oclif and its plugins (most of the start-up) when it knows the answer.
// `--version --json` (or -o json) asks for the details: the version command answers that.
const versionDetails =
  process.argv[2] === '--version' &&
  process.argv.slice(3).some((a) => a === '--json' || a === '-o' || a.startsWith('--output'));
const quick =
  process.argv[2] === '--version' && !versionDetails ? require('./user-agent.cjs').quickUserAgent() : undefined;
if (quick !== undefined) {
  process.stdout.write(`${quick}\n`);
} else {
  runWithOclif(versionDetails ? ['version', ...process.argv.slice(3)] : process.argv.slice(2));
}

function runWithOclif(argv) {
  // Compiled code is kept between runs: the bundle's by ./code-cache.cjs, any other module's (plugins, lazily
  // loaded libraries) by Node where it can (module.enableCompileCache, Node ≥ 22.1; on before anything
  // else loads). A cache that cannot be written only costs speed: neither throws nor fails.
  const disabled = (process.env.KMIRROR_NO_COMPILE_CACHE ?? '') !== '' && process.env.KMIRROR_NO_COMPILE_CACHE !== '0';
  const cacheDir = disabled ? undefined : compileCacheDir();
  if (cacheDir !== undefined && typeof module_.enableCompileCache === 'function') module_.enableCompileCache(cacheDir);

  // @oclif/core checks its own engine range (Node ≥ 18) on import by loading semver; our own range
  // (Node ≥ 20, enforced by npm) is narrower, so the check can never warn here: skip its cost.
  process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1';
  // oclif and every command come from one bundled file (scripts/bundle.mjs); package.json names the same
  // file as oclif's command registry, and require's cache makes both one module.
  const bundleDir = join(__dirname, '..', 'dist', 'bundle');
  const bundle = join(bundleDir, 'kmirror.cjs');
  const commands = runManifestCommands(join(bundleDir, 'run-manifest.json'));
  const { id, showsHelp } = whatRuns(argv, commands);
  // The bundle keeps none of its functions' names (scripts/bundle.mjs), so a stack trace names short ones.
  // --debug prints stack traces: they then go through the bundle's source map, to our sources' names and lines.
  // Node maps only what require() loads after this call (not the code cache's vm.Script), at ~50 ms more.
  const debugging = wantsDebug(argv);
  if (debugging) process.setSourceMapsEnabled(true);
  // One code cache per command: each holds the functions its command ran (V8 writes what the first run
  // compiled), so a command never compiles its own code again because another command wrote the cache
  // (after a first `kmirror help`, every command compiled most of its code at each run: ~20 % of a short run).
  const cacheKey = showsHelp ? 'help' : id;
  const bundled =
    cacheDir === undefined || debugging
      ? require(bundle)
      : require('./code-cache.cjs').requireWithCodeCache(bundle, cacheDir, cacheKey);
  if (!showsHelp) bundled.useRunManifest();
  // Not oclif's execute(): its flush gives stdout 10 s to drain, then throws "timed out" with a stack
  // trace. A kmirror command ends only after its output has left the process (BaseCommand._run), and
  // an error ends in handle(), which prints it (unless already printed) and exits with its code.
  // handle() is read only on failure: it loads oclif's help classes.
  const direct = showsHelp || debugging ? undefined : directRun(argv, id);
  if (direct) require('node:util').debuglog('kmirror')(`direct run of ${id}`);
  const running = direct
    ? bundled.directRun.runDirect(
        bundled.COMMANDS[id],
        id,
        direct.argv,
        bundled.directRun.directConfig({ root: join(__dirname, '..'), ...direct.facts, commands }),
      )
    : bundled.run(argv, pathToFileURL(__filename).href);
  running.catch((error) => bundled.handle(error));
}

/**
 * For a run of the command `id` that shows no help: the words after the id and the package's facts, when oclif's
 * configuration need not be loaded for it (src/lib/cli/startup/direct-run.ts says why and what it reads); or undefined
 * for oclif's whole run.
 */
function directRun(argv, id) {
  if (process.env.DEBUG !== undefined) return undefined;
  const facts = require('./user-agent.cjs').packageFacts();
  const oclif = facts.pjson.oclif ?? {};
  if (facts.userAgent === undefined || !Object.keys(oclif).every((key) => DIRECT_RUN_SETTINGS.includes(key)))
    return undefined;
  if (Object.keys(oclif.hooks ?? {}).some((hook) => hook !== 'command_not_found')) return undefined;
  if ((oclif.additionalHelpFlags ?? []).some((flag) => flag !== '-h')) return undefined;
  return { argv: argv.slice(argv[0].includes(':') ? 1 : id.split(':').length), facts };
}

/**
 * The id oclif's main run takes from the words (its normalizeArgv with the topic separator ' '): a word that
 * continues an id or a topic joins it; a flag, a word with '=' or an argument of a command that takes some ends
 * it; any other word joins it too, which then names no command (oclif's command_not_found).
 */
function oclifCommandId(argv, commands) {
  if (argv.length === 0 || argv[0].includes(':') || argv.length === 1) return argv[0];
  const usable = new Set(
    Object.keys(commands).flatMap((id) => id.split(':').map((_, i, a) => a.slice(0, i + 1).join(':'))),
  );
  const words = [];
  for (const word of argv) {
    const joined = [...words, word].join(':');
    const current = commands[words.join(':')];
    if (usable.has(joined)) words.push(word);
    else if (word.includes('=') || word.startsWith('-')) break;
    else if (words.length > 0 && current && (current.strict === false || Object.keys(current.args ?? {}).length > 0))
      break;
    else words.push(word);
  }
  return words.join(':') || argv[0];
}

// oclif reads a manifest of every command at each start; the whole one (300 KB, mostly each flag's help text)
// serves help and completion. A run that names a command and asks for no help gets a small one instead
// (scripts/run-manifest.mjs: ids, arguments and summaries, no flags or descriptions), whose ids are read here.
/** kmirror's commands by id (`config:get`), or none when the small manifest is missing (a partial build). */
function runManifestCommands(runManifest) {
  try {
    return JSON.parse(readFileSync(runManifest, 'latin1')).commands;
  } catch {
    return {};
  }
}

/**
 * The command a run names, as oclif finds it (oclifCommandId: `config get` → `config:get`), and whether the run
 * shows help: -h or --help anywhere before `--` (oclif's rule), the help and __complete commands, a topic or an
 * unknown command (no id).
 */
function whatRuns(argv, commands) {
  const named = oclifCommandId(argv, commands);
  const id = named !== undefined && Object.hasOwn(commands, named) ? named : undefined;
  const helpFlag = options(argv).some((a) => a === '--help' || a === '-h');
  return { id, showsHelp: id === undefined || helpFlag || id === 'help' || id === '__complete' };
}

/** --debug before `--`, or KMIRROR_DEBUG set (the flag's variable) to anything but 0 or false. */
function wantsDebug(argv) {
  if (options(argv).includes('--debug')) return true;
  const env = (process.env.KMIRROR_DEBUG ?? '').toLowerCase();
  return env !== '' && env !== '0' && env !== 'false';
}

/** The words before `--` (after it, every word is an argument, even `--help`). */
function options(argv) {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}

function compileCacheDir() {
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    const cacheHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
    return join(cacheHome, 'kmirror', 'compile-cache');
  } catch {
    return undefined; // no home directory to be found: run uncached
  }
}
