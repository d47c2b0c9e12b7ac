// `kmirror diff` end to end, in-process against emulated clusters whose destination copies topic
// configs every 2 s (manual clock): pending, expected and never-healing differences, the replaced
// exclude list, --fail-on drift, --json.

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { alterTopicConfig, startMirrored, sync } from './groups-setup.js';

interface DiffJson {
  excludeList: { key: string; items: string[]; stored: boolean; defaultItems: string[] };
  compared: number;
  topics: {
    topic: string;
    state: string;
    sourcePartitions: number | null;
    destinationPartitions: number | null;
    configs: {
      key: string;
      sourceValue: string | null;
      destinationValue: string | null;
      verdict: string;
      reason: string;
    }[];
  }[];
  failOn?: { condition: string; holds: boolean; topics: string[] };
}

const running: EmulatedClusters[] = [];
async function mirrored(seed: string, mirrorConfigs: Record<string, string> = {}): Promise<EmulatedClusters> {
  const emulator = await startMirrored(seed, mirrorConfigs, { 'retention.ms': '1000', 'min.insync.replicas': '2' });
  running.push(emulator);
  sync(emulator);
  return emulator;
}

function diffCli(emulator: EmulatedClusters, ...args: string[]): Promise<CliResult> {
  return runCli(['diff', 'm1', '-b', emulator.destination.bootstrap, ...args]);
}

async function diffJson(emulator: EmulatedClusters, ...args: string[]): Promise<DiffJson> {
  const result = await diffCli(emulator, '--json', ...args);
  assert.ok(result.code === 0 || result.code === 7, result.stdout + result.stderr);
  const doc = jsonOf(result);
  assertMatchesSchema('diff', doc);
  return doc as DiffJson;
}

function configRows(doc: DiffJson): [string, string | null, string | null, string][] {
  return (doc.topics[0]?.configs ?? []).map((c) => [c.key, c.sourceValue, c.destinationValue, c.reason]);
}

describe('kmirror diff', () => {
  after(async () => {
    for (const e of running) await e.close();
  });

  it('after a sync only the excluded key differs (expected); the default exclude list is shown', async () => {
    const emulator = await mirrored('diff-default');
    const doc = await diffJson(emulator);
    assert.equal(doc.compared, 1);
    assert.equal(doc.excludeList.stored, false);
    assert.ok(doc.excludeList.items.includes('min.insync.replicas'));
    assert.deepEqual(configRows(doc), [['min.insync.replicas', '2', '1', 'excluded']]);
    assert.equal(doc.topics[0]?.configs[0]?.verdict, 'expected');
    assert.equal(doc.topics[0]?.sourcePartitions, 3);
    assert.equal(doc.topics[0]?.destinationPartitions, 3);
  });

  it(
    'a source change is pending until the next sync; a destination change is reverted; a ' + 'deletion never heals',
    async () => {
      const emulator = await mirrored('diff-changes');
      alterTopicConfig(emulator.source.cluster, 'orders', 'retention.ms', '2000');
      let doc = await diffJson(emulator, '--fail-on', 'drift');
      assert.deepEqual(configRows(doc)[1], ['retention.ms', '2000', '1000', 'source-override']);
      assert.equal(doc.topics[0]?.configs[1]?.verdict, 'pending');
      assert.deepEqual(doc.failOn, { condition: 'drift', holds: true, topics: ['orders'] });
      sync(emulator);
      assert.equal(configRows(await diffJson(emulator)).length, 1, 'copied');

      alterTopicConfig(emulator.destination.cluster, 'orders', 'retention.ms', '5');
      assert.equal(configRows(await diffJson(emulator))[1]?.[3], 'source-override');
      sync(emulator);
      assert.equal(configRows(await diffJson(emulator)).length, 1, 'put back');

      alterTopicConfig(emulator.source.cluster, 'orders', 'retention.ms', null);
      sync(emulator, 3);
      doc = await diffJson(emulator);
      const row = doc.topics[0]?.configs.find((c) => c.key === 'retention.ms');
      assert.equal(row?.verdict, 'never-heals');
      assert.equal(row?.reason, 'deleted-on-source');
      assert.equal(row?.destinationValue, '2000');
      const text = await diffCli(emulator, '--fail-on', 'drift');
      assert.equal(text.code, 7);
      assert.match(text.stdout, /orders\s+min\.insync\.replicas\s+2\s+1 \(default\)\s+expected: excluded key/);
      assert.match(text.stdout, /retention\.ms\s+\d+ \(default\)\s+2000\s+never heals: deleted on the source/);
      assert.match(text.stderr, /--fail-on drift: 1 topic\(s\) differ/);
    },
  );

  it('a stored exclude list replaces the default: min.insync.replicas is copied, and the text says so', async () => {
    const emulator = await mirrored('diff-replaced', { 'mirror.topic.properties.exclude': 'retention.bytes' });
    const doc = await diffJson(emulator);
    assert.deepEqual(doc.excludeList.items, ['retention.bytes']);
    assert.equal(doc.excludeList.stored, true);
    assert.deepEqual(doc.topics, [], 'min.insync.replicas was copied');
    const all = await diffJson(emulator, '--all');
    assert.equal(all.topics.length, 1);
    const text = await diffCli(emulator);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /replaced the default one, so these default entries are copied: .*min\.insync\.replicas/);
    assert.match(text.stdout, /No differences in the 1 mirrored topic\(s\)\./);
  });

  it('--topic must name a mirrored topic (exit 2)', async () => {
    const emulator = await mirrored('diff-topic');
    const result = await diffCli(emulator, '--topic', 'audit', '--json');
    assert.equal(result.code, 2);
    assert.match(result.stdout, /not a mirrored topic of mirror 'm1': audit/);
  });
});
