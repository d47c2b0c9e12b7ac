#!/usr/bin/env node
import module from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

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
  // Node ≥ 22.1 can keep compiled code between runs; feature-tested, so Node 20 simply starts without it.
  // It must be on before oclif and the commands are imported, hence the dynamic import below. A cache that
  // cannot be written only costs speed: Node reports it in the returned status, never throws, never fails.
  const disabled = (process.env.KMIRROR_NO_COMPILE_CACHE ?? '') !== '' && process.env.KMIRROR_NO_COMPILE_CACHE !== '0';
  if (typeof module.enableCompileCache === 'function' && !disabled) {
    try {
      const xdg = process.env.XDG_CACHE_HOME;
      const cacheHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
      module.enableCompileCache(join(cacheHome, 'kmirror', 'compile-cache'));
    } catch {
      // no home directory to be found: run uncached
    }
  }

  // @oclif/core checks its own engine range (Node ≥ 18) on import by loading semver (~47 files); our own
  // range (Node ≥ 20, enforced by npm) is narrower, so the check can never warn here: skip its cost.
  process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1';
  // Not oclif's execute(): its flush gives stdout 10 s to drain, then throws "timed out" with a stack
  // trace. A kmirror command ends only after its output has left the process (BaseCommand._run), and
  // an error ends in handle(), which prints it (unless already printed) and exits with its code.
  const { handle, run } = await import('@oclif/core');
  await run(argv, import.meta.url).catch(handle);
}
