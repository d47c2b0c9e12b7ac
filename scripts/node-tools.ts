// Newer Node majors for CI, the compile-cache test and the bench, from the npm registry's `node-<platform>-<arch>`
// package, into a tools folder under the user's cache home; pinned, so a cached install needs no registry.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const EXTRA_NODE_VERSIONS: Readonly<Record<string, string>> = { '22': '22.23.5', '24': '24.22.3' };

export interface ExtraNode {
  readonly major: string;
  readonly version: string;
  readonly path: string;
}

export function nodeToolsRoot(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const cacheHome = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
  return join(cacheHome, 'kmirror-dev', 'node');
}

export function registryPackage(): string {
  return `node-${process.platform}-${process.arch}`;
}

function extraNode(major: string, env: NodeJS.ProcessEnv): ExtraNode {
  const version = EXTRA_NODE_VERSIONS[major];
  if (!version) {
    const known = Object.keys(EXTRA_NODE_VERSIONS).join(', ');
    throw new Error(`no pinned version for Node ${major} (known majors: ${known})`);
  }
  const path = join(nodeToolsRoot(env), version, 'node_modules', registryPackage(), 'bin', 'node');
  return { major, version, path };
}

function works(node: ExtraNode): boolean {
  if (!existsSync(node.path)) return false;
  const run = spawnSync(node.path, ['--version'], { encoding: 'utf8' });
  return run.status === 0 && run.stdout.trim() === `v${node.version}`;
}

export function installedNodes(env: NodeJS.ProcessEnv = process.env): ExtraNode[] {
  return Object.keys(EXTRA_NODE_VERSIONS)
    .map((major) => extraNode(major, env))
    .filter(works);
}

/** npm writes into a scratch folder renamed into place, so a concurrent run never sees half an install. */
export function installNode(major: string, env: NodeJS.ProcessEnv = process.env): { node: ExtraNode; cached: boolean } {
  const node = extraNode(major, env);
  if (works(node)) return { node, cached: true };
  const root = nodeToolsRoot(env);
  mkdirSync(root, { recursive: true });
  const final = join(root, node.version);
  const scratch = mkdtempSync(join(root, `.${node.version}-`));
  try {
    const spec = `${registryPackage()}@${node.version}`;
    const args = ['install', '--prefix', scratch, '--no-save', '--no-package-lock', '--ignore-scripts'];
    const run = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error', spec], {
      env,
      stdio: ['ignore', 2, 2],
    });
    if (run.error) throw new Error(`could not run npm to install ${spec}: ${run.error.message}`);
    if (run.status !== 0) throw new Error(`npm install ${spec} failed (exit ${String(run.status)})`);
    rmSync(final, { recursive: true, force: true });
    try {
      renameSync(scratch, final);
    } catch (error) {
      // Another run may have put the same version in place meanwhile; that one is as good.
      if (!works(node)) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!works(node)) throw new Error(`${node.path} does not run as Node v${node.version} after install`);
  return { node, cached: false };
}
