import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useColours } from '../../../src/lib/text/paint.js';
import type { AddTopicsPlan } from '../../../src/lib/mirror/topics/add-topics.js';
import { addTopicsResultOf } from '../../../src/lib/mirror/topics/add-topics.js';
import { renderAddTopics } from '../../../src/lib/render/add-topics.js';

useColours(undefined);

const plan: AddTopicsPlan = {
  mirror: 'm1',
  sourceBootstrap: ['src:9092'],
  loopCheck: { made: true, notMadeReason: null, loops: [], overridden: false },
  truncation: { topics: [], truncatedPartitions: 0, lostRecords: 0n, readFailures: [] },
  sourceSettings: { bootstrap: ['src:9092'], clientId: 'kmirror' },
  topics: [
    { topic: 'a', topicId: 'id-a', partitions: 2, action: 'add', named: false },
    {
      topic: 'b',
      topicId: 'id-b',
      partitions: 1,
      action: 'in-other-mirror',
      mirror: 'm2',
      state: 'PAUSED',
      named: false,
    },
  ],
  include: ['.*'],
  exclude: [],
  request: {
    MirrorName: 'm1',
    Topics: [{ TopicId: 'id-a', TopicName: 'a', NumPartitions: 2 }],
    IncludePatterns: ['.*'],
    ExcludePatterns: [],
  },
  addedByPattern: ['a'],
};

describe('renderAddTopics', () => {
  it('shows the plan, the started topics and that the patterns were saved', () => {
    const text = renderAddTopics(plan, addTopicsResultOf(plan, false));
    assert.match(text, /^Mirror m1, source cluster src:9092\nTOPIC/);
    assert.match(text, /b +1 +id-b +in mirror m2 \(PAUSED\)/);
    assert.match(text, /Patterns: include \.\*; exclude none/);
    assert.match(text, /Started 1 mirror topic\(s\) in mirror m1: a\nPatterns saved to mirror m1 for auto-discovery\./);
    // The saved pattern also matches b, which mirror m2 owns: said once.
    assert.match(
      text,
      /^Note: the pattern\(s\) also match b, already mirrored by mirror m2 of this cluster; they stay/m,
    );
  });

  it('lists failures with their hints and leaves out the preview when it was shown already', () => {
    const result = addTopicsResultOf(plan, false);
    result.failed = [
      { topic: 'a', error: { code: 38, name: 'INVALID_REPLICATION_FACTOR', message: 'too few brokers' } },
    ];
    result.added = [];
    const text = renderAddTopics(plan, result, { previewShown: true, failures: [{ topic: 'a', hint: 'add brokers' }] });
    assert.doesNotMatch(text, /TOPIC/);
    assert.match(text, /Failed to start 1 topic\(s\):\n {2}a: too few brokers\n {4}Hint: add brokers/);
  });

  it("says the Java tool's line when only patterns were saved", () => {
    const patternsOnly: AddTopicsPlan = {
      ...plan,
      topics: [],
      request: { ...plan.request, Topics: [] },
      addedByPattern: [],
    };
    assert.match(
      renderAddTopics(patternsOnly, addTopicsResultOf(patternsOnly, false)),
      /No matching topics found yet\. Patterns saved to mirror m1 for auto-discovery\./,
    );
  });
});
