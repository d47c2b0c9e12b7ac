#!/usr/bin/env node
import module from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// oclif answers `--version` only when it is the first argument; so does the quick path, which skips
// loading oclif and its plugins (most of the start-up) when it knows the answer.
// `--version --json` (or -o json) asks for the details: the version command answers that.
const versionDetails =
  process.argv[2] === '--version' &&
  process.argv.slice(3).some((a) => a === '--json' || a === '-o' || a.startsWith('--output'));
const quick =
  process.argv[2] === '--version' && !versionDetails ? (await import('./user-agent.js')).quickUserAgent() : undefined;
if (quick !== undefined) {
  process.stdout.write(`${quick}\n`);
} else {
  await runWithOclif(versionDetails ? ['version', ...process.argv.slice(3)] : process.argv.slice(2));
}

async function runWithOclif(argv) {
  // Compiled code is kept between runs: the bundle's by ./code-cache.js, any other module's (plugins, lazily
  // loaded libraries) by Node where it can (module.enableCompileCache, Node ≥ 22.1; on before anything
  // else loads). A cache that cannot be written only costs speed: neither throws nor fails.
  const disabled = (process.env.KMIRROR_NO_COMPILE_CACHE ?? '') !== '' && process.env.KMIRROR_NO_COMPILE_CACHE !== '0';
  const cacheDir = disabled ? undefined : compileCacheDir();
  if (cacheDir !== undefined && typeof module.enableCompileCache === 'function') module.enableCompileCache(cacheDir);

  // @oclif/core checks its own engine range (Node ≥ 18) on import by loading semver; our own range
  // (Node ≥ 20, enforced by npm) is narrower, so the check can never warn here: skip its cost.
  process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1';
  // oclif and every command come from one bundled file (scripts/bundle.mjs); package.json names the same
  // file as oclif's command registry, and require's cache makes both one module.
  const bundle = fileURLToPath(new URL('../dist/bundle/kmirror.cjs', import.meta.url));
  const { handle, run } =
    cacheDir === undefined
      ? module.createRequire(import.meta.url)(bundle)
      : (await import('./code-cache.js')).requireWithCodeCache(bundle, cacheDir);
  // Not oclif's execute(): its flush gives stdout 10 s to drain, then throws "timed out" with a stack
  // trace. A kmirror command ends only after its output has left the process (BaseCommand._run), and
  // an error ends in handle(), which prints it (unless already printed) and exits with its code.
  await run(argv, import.meta.url).catch(handle);
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
