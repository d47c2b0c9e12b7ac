// `kmirror describe` explains FAILED partitions from facts (§18): it asks the failing mirrors' sources
// from this machine (within the source-check bound) and names the mirror whose unreachable source
// stalls the others; --no-source-check asks nothing and lists what stays possible.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { DescribeReport } from '../../src/lib/mirror/describe/describe-report.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { deadPort } from '../helpers/dead-port.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { createMirror, engineStates, startTopics, waitFor } from './describe-setup.js';

const ADMIN = { principal: 'User:admin', nodeId: 1 };

describe('kmirror describe: causes from facts (§18)', () => {
  let emulator: EmulatedClusters;
  let dead = '';
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-causes',
      demoTopics: true,
      growthPerSec: 0,
      timing: { startupFailureMs: 500, sourceRequestTimeoutMs: 0 },
      destination: { brokerConfigs: { 'mirror.failed.retry.max.attempts': '1000' } },
    });
    dead = `127.0.0.1:${await deadPort()}`;
    const response = emulator.destination.cluster.createClusterMirror(ADMIN, {
      MirrorName: 'gone',
      Config: [
        { Name: 'bootstrap.servers', Value: dead },
        { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
      ],
    });
    assert.equal(response.ErrorCode, 0);
    startTopics(emulator, 'gone', ['payments']);
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    await waitFor('both FAILED', () =>
      ['orders', 'payments'].every((t) =>
        (emulator.destination.cluster.topics.get(t)?.partitions ?? []).every((p) => p.mirror?.state === 'FAILED'),
      ),
    );
  });
  after(async () => {
    await emulator.close();
  });
  const run = (...args: string[]) => runCli(['describe', '-b', emulator.destination.bootstrap, ...args]);

  it('§18 one unreachable source stalls every mirror: m1 is "blocked by mirror gone\'s source"', async () => {
    const result = await run('--json');
    const report = jsonOf(result) as DescribeReport;
    assertMatchesSchema('describe', report);
    const m1 = report.failureCauses.filter((c) => c.mirror === 'm1');
    assert.deepEqual(
      m1.map((c) => c.cause),
      ['blocked-by-mirror'],
    );
    assert.match(m1[0]?.summary ?? '', /^blocked by mirror gone's source/);
    const gone = report.failureCauses.filter((c) => c.mirror === 'gone');
    assert.deepEqual([...new Set(gone.map((c) => c.cause))], ['source-unreachable']);
    assert.match(gone[0]?.summary ?? '', /^the source does not answer from this machine/);
    const check = report.sourceChecks?.find((c) => c.mirror === 'gone');
    assert.equal(check?.status, 'no-answer');
    assert.match(check?.text ?? '', new RegExp(`^the source of mirror gone \\(${dead}\\) does not answer from this`));
    // m1's own source answers: its note names the stall, not another way of reaching the source.
    const m1Check = report.sourceChecks?.find((c) => c.mirror === 'm1');
    assert.match(
      m1Check?.text ?? '',
      /answers from this machine; the destination brokers' partitions are FAILED because/,
    );
    assert.match(m1Check?.text ?? '', /because mirror gone's source does not answer the brokers/);
    assert.doesNotMatch(m1Check?.text ?? '', /another way/);
  });

  it('named alone, m1 still reads the other mirrors to find what stalls it', async () => {
    const report = jsonOf(await run('m1', '--json')) as DescribeReport;
    assert.deepEqual(
      report.failureCauses.map((c) => [c.mirror, c.cause]),
      [['m1', 'blocked-by-mirror']],
    );
  });

  it('--no-source-check asks no source: the causes the facts leave open are listed, not picked', async () => {
    const report = jsonOf(await run('m1', '--no-source-check', '--json')) as DescribeReport;
    assert.equal(report.sourceChecks, undefined);
    const [cause] = report.failureCauses;
    assert.equal(cause?.cause, 'undecided');
    assert.deepEqual(cause?.possibleCauses, ['starting', 'source-unreachable', 'blocked-by-mirror']);
  });
});

describe('kmirror describe: a mirror loop from the facts on the source (§18)', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-loop',
      demoTopics: true,
      growthPerSec: 0,
      timing: { startupFailureMs: 0 },
    });
    // B (the destination) mirrors orders from A; then A starts orders in a mirror reading from B.
    createMirror(emulator, 'fwd');
    startTopics(emulator, 'fwd', ['orders']);
    await waitFor('fwd MIRRORING', () =>
      (emulator.destination.cluster.topics.get('orders')?.partitions ?? []).every(
        (p) => p.mirror?.state === 'MIRRORING',
      ),
    );
    const a = emulator.source.cluster;
    assert.equal(
      a.createClusterMirror(ADMIN, {
        MirrorName: 'rev',
        Config: [
          { Name: 'bootstrap.servers', Value: emulator.destination.bootstrap },
          { Name: 'mirror.source.cluster.id', Value: emulator.destination.clusterId },
        ],
      }).ErrorCode,
      0,
    );
    const orders = a.topics.get('orders');
    const started = a.startMirrorTopics(ADMIN, {
      MirrorName: 'rev',
      Topics: [{ TopicId: orders?.id ?? '', TopicName: 'orders', NumPartitions: orders?.partitions.length ?? 0 }],
    });
    assert.equal(started.ErrorCode, 0);
  });
  after(async () => {
    await emulator.close();
  });

  it('§18 mirror loops: the loop text and a null message both name the mirror on the source', async () => {
    let report: DescribeReport | undefined;
    // The loop alternates per partition between (retry 1, text) and (retry 2, null): look until a null shows.
    await waitFor('a FAILED loop row with a null message', async () => {
      report = jsonOf(await runCli(['describe', 'rev', '-b', emulator.source.bootstrap, '--json'])) as DescribeReport;
      const rows = report.mirrors[0]?.topics[0]?.partitions ?? [];
      return rows.some((p) => p.state === 'FAILED' && p.errorMessage === null);
    });
    assert.ok(report);
    assert.deepEqual([...new Set(report.failureCauses.map((c) => c.cause))], ['mirror-loop']);
    assert.ok(report.failureCauses.every((c) => /mirror loop: mirror fwd on the source reads it/.test(c.summary)));
    const [check] = report.sourceChecks ?? [];
    assert.match(check?.text ?? '', /FAILED for a mirror loop \(mirror fwd on the source reads the topic back/);
    assert.doesNotMatch(check?.text ?? '', /another way/);
  });
});

describe('kmirror describe: the start-up window is not a reachability problem (§18)', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-startup',
      demoTopics: true,
      growthPerSec: 0,
      timing: { startupFailureMs: 60_000 },
    });
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', ['orders']);
    // The engine moves the started partitions to FAILED at its next tick: on a loaded machine, after the describe.
    await waitFor('FAILED after the start', () => engineStates(emulator, 'orders').every((s) => s === 'FAILED'));
  });
  after(async () => {
    await emulator.close();
  });

  it('§18 lag and start-up: FAILED retry 1 after a start, source answering: the note says start-up', async () => {
    const text = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap]);
    assert.match(text.stderr, /answers from this machine; the destination brokers' partitions are FAILED in the /);
    assert.match(text.stderr, /start-up transient \(retry 1 'Failed to get source metadata', which the prototype/);
    assert.doesNotMatch(text.stderr, /another way/);
    const report = jsonOf(await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json']));
    assert.deepEqual([...new Set((report as DescribeReport).failureCauses.map((c) => c.cause))], ['starting']);
  });
});
