import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import {
  createMirror,
  normalisePorts,
  pauseTopics,
  startTopics,
  stopTopics,
  waitFor,
  engineStates,
} from './describe-setup.js';

interface Status {
  topics: number;
  summary: { partitions: number; failing: number; states: Record<string, number> };
}

interface Listed {
  name: string;
  topicCount: number;
  sourceClusterId: string | null;
  sourceBootstrap: string | null;
  topics?: string[];
}

describe('kmirror list', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ timing: INSTANT_START, seed: 'list', demoTopics: true, growthPerSec: 0 });
  });
  after(async () => {
    await emulator.close();
  });
  const list = (...args: string[]) => runCli(['list', '-b', emulator.destination.bootstrap, ...args]);

  it('prints "No mirrors" and exits 0 when there are none; JSON has no mirrors', async () => {
    const text = await list();
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, 'No mirrors\n');
    const json = await list('--json');
    assert.equal(json.code, 0);
    assert.deepEqual(jsonOf(json), { schemaVersion: 1, mirrors: [], warnings: [] });
    assertMatchesSchema('list', jsonOf(json));
  });

  it('lists several mirrors sorted by name, counting only MIRRORING topics', async () => {
    createMirror(emulator, 'zeta');
    createMirror(emulator, 'alpha');
    startTopics(emulator, 'alpha', ['orders', 'payments', 'inventory']);
    await waitFor('alpha topics MIRRORING', () =>
      [
        ...engineStates(emulator, 'orders'),
        ...engineStates(emulator, 'payments'),
        ...engineStates(emulator, 'inventory'),
      ].every((s) => s === 'MIRRORING'),
    );
    pauseTopics(emulator, 'alpha', ['payments']);
    stopTopics(emulator, 'alpha', ['inventory']);

    const json = await list('--json');
    assert.equal(json.code, 0, json.stderr);
    assertMatchesSchema('list', jsonOf(json));
    const { mirrors } = jsonOf(json) as { mirrors: Listed[] };
    assert.deepEqual(
      mirrors.map((m) => m.name),
      ['alpha', 'zeta'],
    );
    assert.equal(mirrors[0]?.topicCount, 1, 'PAUSED and STOPPED topics are not counted');
    assert.equal(mirrors[0]?.sourceClusterId, emulator.source.clusterId);
    assert.equal(mirrors[0]?.sourceBootstrap, emulator.source.bootstrap);
    assert.equal(mirrors[1]?.topicCount, 0);
    assert.equal(mirrors[0]?.topics, undefined, 'names only with --include-topics');

    // One row per mirror with its status, from one fan-out DescribeClusterMirrors (issue 33).
    const alpha = (jsonOf(json) as { mirrors: Array<Listed & { status: Status | null }> }).mirrors[0];
    assert.equal(alpha?.status?.topics, 3, 'every topic the describe reports, STOPPED and PAUSED ones too');
    assert.equal(alpha?.status?.summary.partitions, 6);
    assert.equal(alpha?.status?.summary.failing, 0);
    const text = await list();
    assert.equal(text.code, 0, text.stderr);
    const lines = normalisePorts(text.stdout).trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^MIRROR +TOPICS +PARTS +STATES +LAG +MAX LAG +FAILING +SOURCE$/);
    assert.match(lines[1] ?? '', /^alpha +3 +6 +MIRRORING \d.* +\d+ +\d+ +0 +127\.0\.0\.1:<port>$/);
    assert.match(lines[2] ?? '', /^zeta +0 +0 +- +- +- +0 +127\.0\.0\.1:<port>$/, 'no known lag: a dash, not 0');
    assert.equal(lines.length, 3);
    // Every topic STOPPED: no partition has a lag to sum.
    const resumed = await runCli([
      'resume',
      'alpha',
      '--topic',
      'payments',
      '--wait',
      '20s',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(resumed.code, 0, resumed.stderr);
    stopTopics(emulator, 'alpha', ['orders', 'payments']);
    await waitFor('alpha all STOPPED', () =>
      [...engineStates(emulator, 'orders'), ...engineStates(emulator, 'payments')].every((s) => s === 'STOPPED'),
    );
    const stopped = normalisePorts((await list()).stdout).split('\n');
    assert.match(stopped[1] ?? '', /^alpha +3 +6 +STOPPED 6 +- +- +0 +127\.0\.0\.1:<port>$/);
  });

  it('--include-topics adds the names of the topics TOPICS counts', async () => {
    const json = await list('--include-topics', '--json');
    assertMatchesSchema('list', jsonOf(json));
    const { mirrors } = jsonOf(json) as { mirrors: Listed[] };
    assert.deepEqual(mirrors[0]?.topics, ['inventory', 'orders', 'payments']);
    assert.deepEqual(mirrors[1]?.topics, []);
    assert.equal(json.stderr, '');

    const text = await list('--include-topics');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^MIRROR\s+TOPICS\s+PARTS\s+.*SOURCE\s+TOPIC NAMES$/m);
    // TOPICS counts what TOPIC NAMES lists: no note to explain a difference.
    assert.match(text.stdout, /^alpha\s+3\s+6\s.*\s(inventory,orders,payments)$/m);
    assert.doesNotMatch(text.stdout, /Note:/);
  });

  it(
    'counts a topic whose partitions are FAILED: the target state is what TOPICS counts on a ' + 'real broker',
    async () => {
      emulator.source.cluster.createTopic('ledger', { partitions: 1 });
      createMirror(emulator, 'beta');
      startTopics(emulator, 'beta', ['ledger']);
      emulator.source.cluster.setReachable(false);
      try {
        await waitFor('ledger FAILED', () => engineStates(emulator, 'ledger').every((s) => s === 'FAILED'));
        const { mirrors } = jsonOf(await list('--json')) as { mirrors: Listed[] };
        assert.equal(mirrors.find((m) => m.name === 'beta')?.topicCount, 1);
      } finally {
        emulator.source.cluster.setReachable(true);
      }
    },
  );
});

describe('kmirror list without mirroring', () => {
  let disabled: EmulatedClusters;
  let old: EmulatedClusters;
  before(async () => {
    disabled = await startEmulatedClusters({ mirroringDisabled: 'destination' });
    old = await startEmulatedClusters({ oldBroker: 'destination' });
  });
  after(async () => {
    await disabled.close();
    await old.close();
  });

  it('exits 4 with the enabling hint when mirror.version is not finalized', async () => {
    const text = await runCli(['list', '-b', disabled.destination.bootstrap]);
    assert.equal(text.code, 4);
    assert.equal(text.stdout, '');
    assert.match(text.stderr, /mirror\.version/);
    assert.match(text.stderr, /Hint: .*kafka-features\.sh .*upgrade --feature mirror\.version=1/);
    const json = await runCli(['list', '-b', disabled.destination.bootstrap, '--json']);
    assert.equal(json.code, 4);
    const doc = jsonOf(json) as { error: { exitCode: number } };
    assert.equal(doc.error.exitCode, 4);
  });

  it('exits 4 against a broker without the mirror APIs, before sending one', async () => {
    const text = await runCli(['list', '-b', old.destination.bootstrap]);
    assert.equal(text.code, 4);
    assert.match(text.stderr, /ListClusterMirrors/);
  });
});
