// Issue 10 item 3: a state change whose answer is lost is not sent again. The broker applies each of
// the seven non-idempotent RPCs and then closes the connection without answering (the emulator's
// "close instead of the answer" fault): each command reads the state back, says the change was
// applied and the answer lost, and exits 0, with the request sent exactly once. When the request never
// reached the broker's handler, the read-back says it was not applied; a same-named mirror with other
// settings is reported as what it is.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { HOSTILE_FRAMES } from '../helpers/hostile-frames.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';
import { joinedRegex } from '../helpers/joined-regex.js';

const LOST = /: applied; the answer was lost \(.*\) and the state was read back with /;

describe('lost answers to state changes, through the commands', () => {
  let emulator: EmulatedClusters;
  let topic: string;
  const b = () => emulator.destination.bootstrap;
  /** create of a mirror of the emulated source. */
  const createArgs = (name: string): string[] => ['create', name, '--source-bootstrap', emulator.source.bootstrap];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'lost-answers',
      destination: { nodes: 2 },
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
    });
    topic = [...emulator.source.cluster.topics.values()][0]?.name as string;
    createMirror(emulator, 'm1');
  });
  after(async () => emulator.close());

  /** Every destination node: the first `api` request is handled, then the connection closes unanswered. */
  function loseFirstAnswer(api: string): { calls: () => number; remove: () => void } {
    let calls = 0;
    const rules: FaultRule[] = emulator.destination.nodes.map((n) =>
      n.faults.mutateResponse(api, (frame) => (++calls === 1 ? 'close' : frame)),
    );
    return { calls: () => calls, remove: () => rules.forEach((r) => r.remove()) };
  }

  async function lost(api: string, args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
    const fault = loseFirstAnswer(api);
    try {
      const result = await runCli([...args, '-b', b(), '--timeout', '20s']);
      assert.equal(fault.calls(), 1, `${api} sent once, not again`);
      return result;
    } finally {
      fault.remove();
    }
  }

  const states = () => engineStates(emulator, topic);

  it('create: applied, answer lost, read back with ListClusterMirrors and DescribeConfigs; exit 0', async () => {
    const result = await lost('CreateClusterMirror', createArgs('m-lost'));
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: CreateClusterMirror: applied; the answer was lost/);
    assert.match(result.stderr, LOST);
    assert.ok(emulator.destination.cluster.mirrors.exists('m-lost'));
  });

  it('add-topics: StartMirrorTopics applied, read back; exit 0, the topic is in the mirror', async () => {
    const result = await lost('StartMirrorTopics', ['add-topics', 'm1', '--topic', topic]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: StartMirrorTopics: applied; the answer was lost/);
    assert.ok([...emulator.destination.cluster.mirrors.topicsOf('m1')].some((t) => t.name === topic));
    await waitFor('MIRRORING', () => states().every((s) => s === 'MIRRORING'));
  });

  it('pause: PauseMirrorTopics applied, read back; exit 0', async () => {
    const result = await lost('PauseMirrorTopics', ['pause', 'm1', '--topic', topic]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: PauseMirrorTopics: applied; the answer was lost/);
    assert.ok(
      states().every((s) => s === 'PAUSING' || s === 'PAUSED'),
      states().join(),
    );
    await waitFor('PAUSED', () => states().every((s) => s === 'PAUSED'));
  });

  it('resume: ResumeMirrorTopics applied, read back; exit 0', async () => {
    const result = await lost('ResumeMirrorTopics', ['resume', 'm1', '--topic', topic]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: ResumeMirrorTopics: applied; the answer was lost/);
    await waitFor('MIRRORING', () => states().every((s) => s === 'MIRRORING'));
  });

  it('remove-topics: StopMirrorTopics applied, read back; exit 0', async () => {
    const result = await lost('StopMirrorTopics', ['remove-topics', 'm1', '--topic', topic, '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: StopMirrorTopics: applied; the answer was lost/);
    await waitFor('STOPPED', () => states().every((s) => s === 'STOPPED'));
  });

  it('config set: IncrementalAlterConfigs applied, read back with DescribeConfigs; exit 0', async () => {
    const result = await lost('IncrementalAlterConfigs', ['config', 'set', 'm1', 'mirror.fetch.max.bytes=2097152']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /Warning: IncrementalAlterConfigs: applied; the answer was lost .* read back with DescribeConfigs/,
    );
    assert.equal(emulator.destination.cluster.mirrors.config('m1', 'mirror.fetch.max.bytes'), '2097152');
  });

  it(
    'delete: DeleteClusterMirror applied, read back with ListClusterMirrors; exit 0, --json ' + 'still one document',
    async () => {
      createMirror(emulator, 'm-gone');
      const fault = loseFirstAnswer('DeleteClusterMirror');
      try {
        const result = await runCli(['delete', 'm-gone', '--yes', '-b', b(), '--json', '--timeout', '20s']);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(fault.calls(), 1);
        const doc = jsonOf(result) as { deleted: boolean; warnings: string[] };
        assert.equal(doc.deleted, true);
        assert.match(doc.warnings.join('\n'), /DeleteClusterMirror: applied; the answer was lost/);
      } finally {
        fault.remove();
      }
      assert.equal(emulator.destination.cluster.mirrors.exists('m-gone'), false);
    },
  );

  it('an answer that never comes: the wait stops short of --timeout, leaving time to read back; exit 0', async () => {
    const rules = emulator.destination.nodes.map((n) => n.faults.drop('CreateClusterMirror', { times: 1 }));
    try {
      const started = Date.now();
      const args = [...createArgs('m-silent'), '-b', b()];
      const result = await runCli([...args, '--timeout', '8s']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(
        result.stderr,
        /CreateClusterMirror: applied; the answer was lost \(no answer from .* within \d+ ms\)/,
      );
      assert.ok(Date.now() - started < 9000, 'within --timeout');
      assert.ok(emulator.destination.cluster.mirrors.exists('m-silent'));
    } finally {
      for (const rule of rules) rule.remove();
    }
  });

  it('an answer that cannot be read is lost too: create reads back and says applied, exit 0', async () => {
    const broken = HOSTILE_FRAMES['bytes left over inside the frame'];
    assert.ok(broken);
    const rules = emulator.destination.nodes.map((n) =>
      n.faults.mutateResponse('CreateClusterMirror', broken.mutate, { times: 1 }),
    );
    try {
      const result = await runCli([...createArgs('m-garbled'), '-b', b(), '--timeout', '20s']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /CreateClusterMirror: applied; the answer was lost \(broker .* sent a malformed/);
      assert.ok(emulator.destination.cluster.mirrors.exists('m-garbled'));
    } finally {
      for (const rule of rules) rule.remove();
    }
  });

  it('a mirror of that name with another source: the real failure, not "applied"', async () => {
    emulator.destination.cluster.createClusterMirror(
      { principal: 'User:admin', nodeId: 1 },
      {
        MirrorName: 'taken',
        Config: [
          { Name: 'bootstrap.servers', Value: 'elsewhere:9092' },
          { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
        ],
      },
    );
    const result = await lost('CreateClusterMirror', createArgs('taken'));
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /a mirror named 'taken' exists, but its bootstrap\.servers \(elsewhere:9092\)/);
    assert.doesNotMatch(result.stderr, /applied/);
  });

  it('a request that never reached the handler: not applied, nothing changed, exit 1', async () => {
    // The broker holds the request, then goes away before handling it; the other node answers the read-back.
    const rules = emulator.destination.nodes.map((n) => ({
      node: n,
      rule: n.faults.delay('CreateClusterMirror', 3000),
    }));
    const run = runCli([...createArgs('m-never'), '-b', b(), '--timeout', '20s']);
    let holder: (typeof rules)[number] | undefined;
    await waitFor('the request to arrive', () => (holder = rules.find((r) => r.rule.fired > 0)) !== undefined);
    await holder?.node.faults.down({ fenced: false });
    try {
      const result = await run;
      assert.equal(result.code, 1, result.stderr);
      assert.match(
        result.stderr,
        joinedRegex([
          /CreateClusterMirror was sent to .* but no answer came \(.*\); the state read back with ListClusterMirrors /,
          /and DescribeConfigs shows it was not applied: mirror 'm-never' is not listed/,
        ]),
      );
      assert.match(result.stderr, /Hint: nothing was changed: run the command again/);
      assert.equal(emulator.destination.cluster.mirrors.exists('m-never'), false);
    } finally {
      for (const { rule } of rules) rule.remove();
      await holder?.node.faults.up();
    }
  });

  it('config set --dry-run (ValidateOnly) changes nothing: a lost answer is asked again, not read back', async () => {
    const fault = loseFirstAnswer('IncrementalAlterConfigs');
    try {
      const args = [
        'config',
        'set',
        'm1',
        'mirror.fetch.max.bytes=1048577',
        '--dry-run',
        '-b',
        b(),
        '--timeout',
        '20s',
      ];
      const result = await runCli(args);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(fault.calls(), 2, 'lost, then sent again');
      assert.doesNotMatch(result.stderr, /answer was lost/);
    } finally {
      fault.remove();
    }
    assert.notEqual(emulator.destination.cluster.mirrors.config('m1', 'mirror.fetch.max.bytes'), '1048577');
  });

  it('a read whose answer is lost is still retried', async () => {
    startTopics(emulator, 'm1', []);
    const fault = loseFirstAnswer('ListClusterMirrors');
    try {
      const result = await runCli(['list', '-b', b(), '--timeout', '20s']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(fault.calls(), 2, 'lost, then asked again');
    } finally {
      fault.remove();
    }
  });
});
