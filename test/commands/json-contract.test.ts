// The one JSON rule (README "Output"), over every command of the manifest: with --json, stdout holds
// exactly one document opening with schemaVersion; a command that fails outright prints the error
// document; one that did part of its work prints its result document with the failure as `error`;
// stderr stays empty. A command added without cases here fails the first test.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { type CliResult, REPO_ROOT, runCli, testEnv } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

const BIN = fileURLToPath(new URL('../../../bin/run.cjs', import.meta.url));
const DEAD = '127.0.0.1:1';

/** complete: the result alone; partial: the result with `error`; failed: the error document. */
type Outcome = 'complete' | 'partial' | 'failed';

interface Case {
  readonly what: string;
  readonly argv: () => string[];
  readonly exit: number;
  readonly outcome: Outcome;
  /** Servers (playground, exporter) run as a process until SIGTERM; their one document is one line. */
  readonly server?: boolean;
}

let emulator: EmulatedClusters;
let configHome = '';
const b = (): string[] => ['-b', emulator.destination.bootstrap];
const env = (): Record<string, string> => ({ XDG_CONFIG_HOME: configHome });

const CASES: Readonly<Record<string, readonly Case[]>> = {
  version: [
    { what: 'the versions and dialect', argv: () => ['version'], exit: 0, outcome: 'complete' },
    { what: 'a bad --api-keys', argv: () => ['version', '--api-keys', 'Nope=1'], exit: 2, outcome: 'failed' },
  ],
  help: [
    { what: "a command's help", argv: () => ['help', 'config', 'get'], exit: 0, outcome: 'complete' },
    { what: 'an unknown command', argv: () => ['help', 'nope'], exit: 2, outcome: 'failed' },
  ],
  completion: [
    { what: 'the bash script', argv: () => ['completion', 'bash'], exit: 0, outcome: 'complete' },
    { what: 'an unknown shell', argv: () => ['completion', 'csh'], exit: 2, outcome: 'failed' },
  ],
  list: [
    { what: 'mirrors', argv: () => ['list', ...b()], exit: 0, outcome: 'complete' },
    { what: 'no broker', argv: () => ['list', '-b', DEAD], exit: 1, outcome: 'failed' },
  ],
  describe: [
    { what: 'a mirror', argv: () => ['describe', 'jc', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a name not found', argv: () => ['describe', 'jc', 'nope', ...b()], exit: 6, outcome: 'partial' },
    { what: 'bad filter', argv: () => ['describe', '--state', 'SLEEPING', ...b()], exit: 2, outcome: 'failed' },
  ],
  check: [
    { what: 'the cluster', argv: () => ['check', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a missing mirror', argv: () => ['check', 'nope', ...b()], exit: 6, outcome: 'partial' },
    { what: 'no broker', argv: () => ['check', '-b', DEAD], exit: 1, outcome: 'failed' },
    {
      what: 'several clusters',
      argv: () => ['check', ...b(), '-b', emulator.source.bootstrap],
      exit: 0,
      outcome: 'complete',
    },
  ],
  topology: [
    {
      what: 'two clusters',
      argv: () => ['topology', ...b(), '-b', emulator.source.bootstrap],
      exit: 0,
      outcome: 'complete',
    },
    { what: 'no broker', argv: () => ['topology', '-b', DEAD, '--cluster-timeout', '1s'], exit: 1, outcome: 'failed' },
    { what: 'a drawing it does not make', argv: () => ['topology', ...b(), '-o', 'svg'], exit: 2, outcome: 'failed' },
  ],
  create: [
    {
      what: 'a new mirror',
      argv: () => ['create', 'jc-new', ...b(), '--source-bootstrap', emulator.source.bootstrap],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'a bad name',
      argv: () => ['create', 'bad name', ...b(), '--source-bootstrap', DEAD],
      exit: 2,
      outcome: 'failed',
    },
  ],
  'add-topics': [
    { what: 'a topic', argv: () => ['add-topics', 'jc', '--topic', 'payments', ...b()], exit: 0, outcome: 'complete' },
    {
      what: 'a topic of another mirror beside a free one',
      argv: () => ['add-topics', 'jc-other', '--topic', 'orders,extra', ...b()],
      exit: 3,
      outcome: 'partial',
    },
    {
      what: 'a missing mirror',
      argv: () => ['add-topics', 'nope', '--topic', 'orders', ...b()],
      exit: 6,
      outcome: 'failed',
    },
  ],
  'config get': [
    { what: 'a mirror', argv: () => ['config', 'get', 'jc', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a missing mirror', argv: () => ['config', 'get', 'nope', ...b()], exit: 6, outcome: 'failed' },
  ],
  'config set': [
    {
      what: 'a value',
      argv: () => ['config', 'set', 'jc-empty', 'mirror.fetch.max.bytes=1048576', ...b()],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'a bad value',
      argv: () => ['config', 'set', 'jc', 'request.timeout.ms=soon', ...b()],
      exit: 2,
      outcome: 'failed',
    },
  ],
  pause: [
    {
      what: 'a topic',
      argv: () => ['pause', 'jc', '--topic', 'orders', '--wait', '20s', ...b()],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'a topic beside one not in the mirror',
      argv: () => ['pause', 'jc', '--topic', 'orders,nowhere', ...b()],
      exit: 6,
      outcome: 'partial',
    },
  ],
  resume: [
    { what: 'a topic', argv: () => ['resume', 'jc', '--topic', 'orders', ...b()], exit: 0, outcome: 'complete' },
    { what: 'no topic named', argv: () => ['resume', 'jc', ...b()], exit: 2, outcome: 'failed' },
  ],
  'remove-topics': [
    {
      what: 'a topic',
      argv: () => ['remove-topics', 'jc-other', '--topic', 'inventory', '--yes', ...b()],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'without --yes',
      argv: () => ['remove-topics', 'jc', '--topic', 'payments', ...b()],
      exit: 2,
      outcome: 'failed',
    },
  ],
  delete: [
    { what: 'a mirror with live topics', argv: () => ['delete', 'jc', '--yes', ...b()], exit: 1, outcome: 'partial' },
    { what: 'an empty mirror', argv: () => ['delete', 'jc-gone', '--yes', ...b()], exit: 0, outcome: 'complete' },
  ],
  groups: [
    { what: 'a mirror', argv: () => ['groups', 'jc', ...b()], exit: 0, outcome: 'complete' },
    {
      what: 'a group not yet copied, with --fail-on out-of-sync',
      argv: () => {
        // Committed after the destination's first sync, so the next one is 60 s away.
        emulator.source.cluster.groups.commit('jc-app', 'orders', 0, {
          offset: 5n,
          leaderEpoch: -1,
          metadata: null,
          committedAt: 0,
        });
        return ['groups', 'jc', '--fail-on', 'out-of-sync', ...b()];
      },
      exit: 7,
      outcome: 'partial',
    },
    { what: 'a missing mirror', argv: () => ['groups', 'nope', ...b()], exit: 6, outcome: 'failed' },
  ],
  diff: [
    { what: 'a mirror', argv: () => ['diff', 'jc', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a missing mirror', argv: () => ['diff', 'nope', ...b()], exit: 6, outcome: 'failed' },
  ],
  verify: [
    { what: 'a mirror', argv: () => ['verify', 'jc', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a missing mirror', argv: () => ['verify', 'nope', ...b()], exit: 6, outcome: 'failed' },
  ],
  exporter: [
    {
      what: 'serving',
      argv: () => ['exporter', '--listen', '127.0.0.1:0', ...b()],
      exit: 0,
      outcome: 'complete',
      server: true,
    },
    { what: 'no broker', argv: () => ['exporter', '--listen', '127.0.0.1:0', '-b', DEAD], exit: 1, outcome: 'failed' },
  ],
  playground: [
    { what: 'serving', argv: () => ['playground'], exit: 0, outcome: 'complete', server: true },
    { what: 'a bad port', argv: () => ['playground', '--destination-ports', '70000'], exit: 2, outcome: 'failed' },
  ],
  'profile create': [
    { what: 'a profile', argv: () => ['profile', 'create', 'jc', ...b()], exit: 0, outcome: 'complete' },
    { what: 'a duplicate', argv: () => ['profile', 'create', 'jc', ...b()], exit: 2, outcome: 'failed' },
  ],
  'profile use': [
    { what: 'a profile', argv: () => ['profile', 'use', 'jc'], exit: 0, outcome: 'complete' },
    { what: 'a missing one', argv: () => ['profile', 'use', 'nope'], exit: 2, outcome: 'failed' },
  ],
  'profile list': [{ what: 'the profiles', argv: () => ['profile', 'list'], exit: 0, outcome: 'complete' }],
  'profile show': [
    { what: 'a profile', argv: () => ['profile', 'show', 'jc'], exit: 0, outcome: 'complete' },
    { what: 'a missing one', argv: () => ['profile', 'show', 'nope'], exit: 2, outcome: 'failed' },
  ],
  'profile rename': [
    { what: 'a profile', argv: () => ['profile', 'rename', 'jc', 'jc2'], exit: 0, outcome: 'complete' },
    { what: 'a missing one', argv: () => ['profile', 'rename', 'nope', 'x'], exit: 2, outcome: 'failed' },
  ],
  promote: [
    {
      what: 'a dry run',
      argv: () => ['promote', 'jc', '--topic', 'orders', '--dry-run', ...b()],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'a topic not in the mirror',
      argv: () => ['promote', 'jc', '--topic', 'nope', '--yes', ...b()],
      exit: 6,
      outcome: 'failed',
    },
    {
      what: 'a group not on the source',
      argv: () => ['promote', 'jc', '--topic', 'orders', '--group', 'nope', '--dry-run', ...b()],
      exit: 6,
      outcome: 'failed',
    },
  ],
  failback: [
    {
      what: 'a dry run of a stopped topic',
      argv: () => [
        'failback',
        'jc-other',
        '--to',
        emulator.source.bootstrap,
        '--topic',
        'inventory',
        '--dry-run',
        ...b(),
      ],
      exit: 0,
      outcome: 'complete',
    },
    {
      what: 'a topic still mirroring',
      argv: () => ['failback', 'jc', '--to', emulator.source.bootstrap, '--topic', 'orders', '--yes', ...b()],
      exit: 2,
      outcome: 'failed',
    },
  ],
  'profile delete': [
    { what: 'a profile', argv: () => ['profile', 'delete', 'jc2', '--yes'], exit: 0, outcome: 'complete' },
    { what: 'a missing one', argv: () => ['profile', 'delete', 'nope', '--yes'], exit: 2, outcome: 'failed' },
  ],
};

/** Runs a server with --json until its first line, then stops it with SIGTERM. */
function runServer(args: readonly string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: testEnv(env()), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end();
  });
}

function manifestCommands(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'oclif.manifest.json'), 'utf8')) as {
    commands: Record<string, { hidden?: boolean }>;
  };
  return Object.entries(manifest.commands)
    .filter(([, command]) => command.hidden !== true)
    .map(([id]) => id.replaceAll(':', ' '));
}

before(async () => {
  configHome = mkdtempSync(join(tmpdir(), 'kmirror-json-contract-'));
  emulator = await startEmulatedClusters({
    seed: 'json-contract',
    demoTopics: true,
    growthPerSec: 0,
    timing: INSTANT_START,
  });
  createMirror(emulator, 'jc');
  createMirror(emulator, 'jc-other');
  createMirror(emulator, 'jc-empty');
  createMirror(emulator, 'jc-gone');
  startTopics(emulator, 'jc', ['orders']);
  startTopics(emulator, 'jc-other', ['inventory']);
  // A topic in no mirror, for add-topics to add beside one it must leave out.
  emulator.source.cluster.createTopic('extra', { partitions: 1, growthPerSec: 0 });
  // Past LOG_TRUNCATION: pause and remove-topics act only on MIRRORING partitions.
  for (const topic of ['orders', 'inventory'])
    await waitFor(`${topic} MIRRORING`, () => engineStates(emulator, topic).every((s) => s === 'MIRRORING'));
});

after(async () => {
  await emulator?.close();
  rmSync(configHome, { recursive: true, force: true });
});

describe('the one JSON rule, over every command', () => {
  it('every command of the manifest has a case here', () => {
    const missing = manifestCommands().filter((id) => CASES[id] === undefined);
    assert.deepEqual(missing, [], 'add cases for these commands to test/commands/json-contract.test.ts');
  });

  for (const [command, cases] of Object.entries(CASES)) {
    for (const c of cases) {
      it(`${command}: ${c.what} → exit ${c.exit}, ${c.outcome}`, async () => {
        const argv = [...c.argv(), '--json'];
        const result = c.server ? await runServer(argv) : await runCli(argv, { env: env() });
        assert.equal(result.code, c.exit, `${argv.join(' ')}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
        assert.equal(result.stderr, '', 'stderr carries nothing but --debug traces');
        if (c.server) assert.equal(result.stdout.split('\n').filter(Boolean).length, 1, 'a server prints one line');
        let doc: Record<string, unknown>;
        try {
          doc = JSON.parse(result.stdout) as Record<string, unknown>;
        } catch {
          assert.fail(`stdout is not exactly one JSON document:\n${result.stdout}`);
        }
        assert.equal(Object.keys(doc)[0], 'schemaVersion');
        assert.equal(doc.schemaVersion, 1);
        assert.ok(Array.isArray(doc.warnings), 'warnings is an array');
        const error = doc.error as { exitCode?: number } | undefined;
        if (c.outcome === 'complete') {
          assert.equal(error, undefined);
          assertMatchesSchema(command, doc);
        } else if (c.outcome === 'partial') {
          assert.equal(error?.exitCode, c.exit);
          assert.ok(Object.keys(doc).length > 3, 'the result is in the document beside the error');
          assertMatchesSchema(command, doc);
        } else {
          assert.equal(error?.exitCode, c.exit);
          assertMatchesSchema('error', doc);
        }
      });
    }
  }
});
