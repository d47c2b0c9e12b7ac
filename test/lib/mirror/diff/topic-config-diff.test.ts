// The topic-config comparison over in-memory clusters: which differences are expected, pending or
// never heal, partition counts, missing topics, and the mirror side's effective lists.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveList } from '../../../../src/lib/mirror/config/mirror-side.js';
import {
  compareTopicConfigs,
  diffTopicConfigs,
  topicDrifts,
  type TopicConfigReader,
  type TopicConfigValue,
  type TopicSnapshot,
} from '../../../../src/lib/mirror/diff/topic-config-diff.js';

const set = (value: string | null): TopicConfigValue => ({ value, override: true, sensitive: false });
const inherited = (value: string): TopicConfigValue => ({ value, override: false, sensitive: false });
const configs = (entries: Record<string, TopicConfigValue>) => new Map(Object.entries(entries));

function reader(topics: Record<string, TopicSnapshot>): TopicConfigReader {
  return { describeTopics: async (names) => new Map(names.flatMap((n) => (topics[n] ? [[n, topics[n]]] : []))) };
}

describe('diffTopicConfigs', () => {
  it('classifies each difference by what the sync does about it; equal keys are left out', () => {
    const rows = diffTopicConfigs(
      configs({
        'retention.ms': set('2000'),
        'cleanup.policy': set('compact'),
        'min.insync.replicas': set('2'),
        'segment.bytes': inherited('100'),
        'max.message.bytes': inherited('1'),
      }),
      configs({
        'retention.ms': set('1000'),
        'cleanup.policy': set('compact'),
        'min.insync.replicas': inherited('1'),
        'segment.bytes': set('100'),
        'max.message.bytes': inherited('2'),
        'flush.ms': set('5'),
      }),
      new Set(['min.insync.replicas']),
    );
    assert.deepEqual(
      rows.map((r) => [r.key, r.verdict, r.reason]),
      [
        ['flush.ms', 'never-heals', 'deleted-on-source'],
        ['max.message.bytes', 'never-heals', 'broker-default'],
        ['min.insync.replicas', 'expected', 'excluded'],
        ['retention.ms', 'pending', 'source-override'],
      ],
    );
  });

  it('a key only one side knows counts only when set there; sensitive values compare by whether they are set', () => {
    const secret = (override: boolean): TopicConfigValue => ({ value: null, override, sensitive: true });
    const rows = diffTopicConfigs(
      configs({ 'only.on.new.broker': inherited('x'), 'a.secret': secret(true), 'b.secret': secret(true) }),
      configs({
        'mirror.support.unclean.leader.election': inherited('false'),
        'a.secret': secret(true),
        'b.secret': secret(false),
      }),
      new Set(),
    );
    assert.deepEqual(
      rows.map((r) => [r.key, r.reason]),
      [['b.secret', 'source-override']],
    );
  });
});

describe('compareTopicConfigs', () => {
  it('reports partition counts and missing topics; drift ignores excluded keys', async () => {
    const source = reader({
      orders: { partitions: 6, configs: configs({ 'retention.ms': set('1') }) },
      excludedOnly: { partitions: 1, configs: configs({ 'min.insync.replicas': set('2') }) },
    });
    const destination = reader({
      orders: { partitions: 3, configs: configs({ 'retention.ms': set('1') }) },
      excludedOnly: { partitions: 1, configs: configs({ 'min.insync.replicas': inherited('1') }) },
      gone: { partitions: 2, configs: configs({ 'retention.ms': set('9') }) },
    });
    const diffs = await compareTopicConfigs(source, destination, {
      topics: [
        { topic: 'orders', state: 'mirroring' },
        { topic: 'excludedOnly', state: 'paused' },
        { topic: 'gone', state: 'mirroring' },
      ],
      excludedKeys: ['min.insync.replicas'],
    });
    assert.deepEqual(
      diffs.map((d) => [d.topic, d.state, d.sourcePartitions, d.destinationPartitions, d.configs.map((c) => c.reason)]),
      [
        ['orders', 'mirroring', 6, 3, []],
        ['excludedOnly', 'paused', 1, 1, ['excluded']],
        ['gone', 'mirroring', null, 2, ['deleted-on-source']],
      ],
    );
    assert.deepEqual(diffs.map(topicDrifts), [true, false, true]);
  });
});

describe('effectiveList', () => {
  it('the default when the key is not stored; a stored value replaces it, an empty one too', () => {
    const key = 'mirror.topic.properties.exclude';
    const defaults = effectiveList(new Map(), key);
    assert.equal(defaults.stored, false);
    assert.ok(defaults.items.includes('min.insync.replicas'));
    assert.deepEqual(defaults.items, defaults.defaultItems);
    const replaced = effectiveList(new Map([[key, 'retention.bytes, ']]), key);
    assert.deepEqual(replaced.items, ['retention.bytes']);
    assert.equal(replaced.stored, true);
    assert.deepEqual(effectiveList(new Map([[key, '']]), key).items, []);
  });
});
