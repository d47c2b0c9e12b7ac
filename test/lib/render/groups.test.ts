// The text of `kmirror groups` and `kmirror diff` from results alone: verdict words, the filters and
// the sync period, exact offsets, and broker-supplied names shown with their control characters escaped.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DiffResult } from '../../../src/lib/mirror/diff/diff-report.js';
import type { GroupsResult } from '../../../src/lib/mirror/groups/groups-report.js';
import { renderDiff } from '../../../src/lib/render/diff.js';
import { renderGroups } from '../../../src/lib/render/groups.js';

const sync = { brokerConfig: 'mirror.metadata.refresh.interval.ms', ms: null, defaultMs: 60_000 };
const list = (key: string, items: string[], stored: boolean, defaultItems: string[] = items) => ({
  key,
  items,
  stored,
  defaultItems,
});

const groups: GroupsResult = {
  mirror: 'm1',
  sourceBootstrap: ['src:9092'],
  filters: { include: list('mirror.groups.include', ['.*'], false), exclude: list('mirror.groups.exclude', [], false) },
  topics: [
    { topic: 'orders', state: 'mirroring' },
    { topic: 'audit', state: 'paused' },
  ],
  syncInterval: sync,
  groups: [
    {
      group: 'bad\u001b[31mname',
      verdict: 'differs',
      direction: 'ahead',
      activeOnDestination: false,
      destinationState: 'Empty',
      partitions: [
        {
          topic: 'orders',
          partition: 0,
          sourceOffset: 9223372036854775807n,
          destinationOffset: 7n,
          difference: 9223372036854775800n,
        },
        { topic: 'orders', partition: 1, sourceOffset: null, destinationOffset: 3n, difference: null },
      ],
    },
    {
      group: 'x',
      verdict: 'excluded',
      direction: null,
      activeOnDestination: false,
      destinationState: null,
      partitions: [],
    },
  ],
  notFound: [],
  warnings: [],
};

describe('renderGroups', () => {
  it('names the filters (defaults marked), paused topics, the sync period, and a row per partition', () => {
    const text = renderGroups(groups);
    assert.match(text, /mirror\.groups\.include=\.\* \(default\), mirror\.groups\.exclude=none \(default\)/);
    assert.match(text, /Topics: orders \(paused, synced after resume: audit\)/);
    assert.match(
      text,
      /every 60 s by default \(mirror\.metadata\.refresh\.interval\.ms, a broker config of the destination\)/,
    );
    assert.match(
      text,
      /bad\\x1b\[31mname\s+differs \(source moved back\)\s+orders\s+0\s+9223372036854775807\s+7\s+9223372036854775800/,
    );
    assert.match(text, /\n\s+orders\s+1\s+-\s+3\s+-\n/);
    assert.match(text, /x\s+excluded by the mirror's group filters/);
    assert.equal(text.includes('\u001b'), false, 'no raw escape character');
    assert.match(text, /2 group\(s\): 1 differs, 1 excluded/);
  });
});

describe('renderDiff', () => {
  it('marks inherited values, says when the stored exclude list dropped default entries, and the verdicts', () => {
    const result: DiffResult = {
      mirror: 'm1',
      sourceBootstrap: ['src:9092'],
      excludeList: list('mirror.topic.properties.exclude', ['retention.bytes'], true, [
        'min.insync.replicas',
        'retention.bytes',
      ]),
      syncInterval: { ...sync, ms: 5000 },
      topics: [
        {
          topic: 'orders',
          state: 'paused',
          sourcePartitions: 6,
          destinationPartitions: 3,
          configs: [
            {
              key: 'retention.ms',
              sourceValue: '2',
              destinationValue: '1',
              sourceOverride: true,
              destinationOverride: true,
              verdict: 'pending',
              reason: 'source-override',
            },
          ],
        },
      ],
      compared: 2,
      warnings: [],
    };
    const text = renderDiff(result);
    assert.match(text, /Not copied: mirror\.topic\.properties\.exclude=retention\.bytes\n/);
    assert.match(text, /so these default entries are copied: min\.insync\.replicas/);
    assert.match(text, /every 5 s/);
    assert.match(text, /orders\s+partitions\s+6\s+3\s+partition counts differ/);
    assert.match(text, /retention\.ms\s+2\s+1\s+pending: copied after resume/);
    assert.match(text, /1 of 2 mirrored topic\(s\) shown\./);
  });
});
