// Issue 10 item 6: what a broker cannot give is not an error. Without ListOffsets (an optional API for
// describe: it only fills the end offsets of STOPPED partitions), describe shows everything
// DescribeClusterMirrors reported, warns naming exactly what is missing, and exits 0.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import { ListOffsets } from '../../src/lib/kafka/messages/index.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { withoutKey } from '../helpers/without-api-key.js';
import { createMirror, engineStates, startTopics, stopTopics, waitFor } from './describe-setup.js';

interface Doc {
  mirrors: { topics: { name: string; partitions: { state: string; destinationOffset: number | null }[] }[] }[];
  brokerWarnings: unknown[];
  unavailable: { api: string; apiKey: number; what: string; partitions: string[] }[];
}

describe('describe against brokers without ListOffsets', () => {
  let emulator: EmulatedClusters;
  let stopped: string;
  let rules: FaultRule[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'describe-enrichment',
      destination: { nodes: 2 },
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
    });
    const topics = [...emulator.source.cluster.topics.values()].slice(0, 2).map((t) => t.name);
    stopped = topics[0] as string;
    createMirror(emulator, 'm1');
    startTopics(emulator, 'm1', topics);
    await waitFor('MIRRORING', () => engineStates(emulator, stopped).every((s) => s === 'MIRRORING'));
    stopTopics(emulator, 'm1', [stopped]);
    await waitFor('STOPPED', () => engineStates(emulator, stopped).every((s) => s === 'STOPPED'));
    rules = emulator.destination.nodes.map((n) =>
      n.faults.mutateResponse('ApiVersions', withoutKey(ListOffsets.apiKey)),
    );
  });
  after(async () => {
    for (const rule of rules) rule.remove();
    await emulator.close();
  });

  it(
    'text: every partition shown, exit 0, one warning naming ListOffsets and the partitions ' +
      'left without an end offset',
    async () => {
      const result = await runCli(['describe', 'm1', '--partitions', '-b', emulator.destination.bootstrap]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`m1\\s+${stopped}\\s+0\\s+-\\s+-\\s+-\\s+STOPPED`));
      assert.doesNotMatch(result.stderr, /does not support cluster mirroring/);
      const warnings = result.stderr.split('\n').filter((l) => l.startsWith('Warning:'));
      assert.equal(warnings.length, 1, result.stderr);
      assert.match(
        warnings[0] ?? '',
        new RegExp(
          `^Warning: the brokers do not support ListOffsets \\(API key 2\\), so the destination end offsets ` +
            `of \\d+ STOPPED partition\\(s\\) are not shown \\(${stopped}-0, `,
        ),
      );
      assert.match(warnings[0] ?? '', /everything DescribeClusterMirrors reports is complete/);
    },
  );

  it('--json: the document names what is unavailable; no broker warning; exit 0', async () => {
    const result = await runCli(['describe', 'm1', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Doc;
    assert.deepEqual(doc.brokerWarnings, []);
    assert.equal(doc.unavailable.length, 1);
    const missing = doc.unavailable[0];
    assert.equal(missing?.api, 'ListOffsets');
    assert.equal(missing?.apiKey, 2);
    assert.ok(missing?.partitions.includes(`${stopped}-0`), JSON.stringify(missing));
    const rows = doc.mirrors[0]?.topics.find((t) => t.name === stopped)?.partitions ?? [];
    assert.ok(rows.length > 0 && rows.every((p) => p.state === 'STOPPED' && p.destinationOffset === null));
  });
});
