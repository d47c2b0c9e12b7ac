// The package as a user installs it (`npm pack`, `npm install -g` into a fresh prefix): it must start as fast as
// bin/run.cjs, timed pair by pair.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, stats } from './measure.js';
import { benchEnv } from './nodes.js';
import { timedRun } from './process-run.js';
import { REPOSITORY_BIN } from './bin.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15) || 15;

function npm(args: readonly string[], cwd: string): string {
  const run = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed: ${run.stdout}${run.stderr}`);
  return run.stdout;
}

export function installPackage(): { bin: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kmirror-installed-'));
  const tarball = npm(['pack', '--pack-destination', dir], ROOT).trim().split('\n').at(-1) ?? '';
  const prefix = join(dir, 'prefix');
  npm(['install', '-g', '--prefix', prefix, join(dir, tarball)], dir);
  return {
    bin: join(prefix, 'lib', 'node_modules', 'kmirror', 'bin', 'run.cjs'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function compareInstalled(installedBin: string, argvs: readonly (readonly string[])[]): string[] {
  const env = benchEnv();
  const lines: string[] = [];
  for (const argv of argvs) {
    const outputs = [REPOSITORY_BIN, installedBin].map((bin) => {
      const run = spawnSync(process.execPath, [bin, ...argv], { env, encoding: 'utf8' });
      return `${String(run.status)}\n${run.stdout}\n${run.stderr}`;
    });
    const same = outputs[0] === outputs[1];
    const repo: number[] = [];
    const installed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      repo.push(timedRun(process.execPath, [REPOSITORY_BIN, ...argv], env).cpuMs);
      installed.push(timedRun(process.execPath, [installedBin, ...argv], env).cpuMs);
    }
    const ratios = installed.map((v, i) => v / (repo[i] ?? NaN));
    lines.push(
      `installed kmirror ${argv.join(' ')}: ` +
        `${same ? 'same output as the repository' : 'OUTPUT DIFFERS from the repository'}; ` +
        `CPU ${median(ratios).toFixed(2)}× the repository's (median of ${RUNS} pairs)`,
      `    installed CPU ms ${stats(installed)}; repository CPU ms ${stats(repo)}`,
    );
  }
  return lines;
}
