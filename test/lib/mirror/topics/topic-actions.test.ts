// The shared logic of remove-topics / pause / resume without a cluster: classification from
// partition states, the exit rule and the preview text (the confirmation: test/lib/prompt/confirm-plan.test.ts).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PartitionRow } from '../../../../src/lib/mirror/describe/lag.js';
import {
  ACTION_SPECS,
  type TopicActionPlan,
  classifyTopic,
  outcomeError,
  planTopicAction,
  topicActionResultOf,
} from '../../../../src/lib/mirror/topics/topic-actions.js';
import { renderTopicActionPreview, stopConfirmation } from '../../../../src/lib/render/topic-actions.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
} from '../../../../src/lib/kafka/messages/index.js';
import { type FakeMirror, describeAnswer, listAnswer, mirrorConfigsAnswer } from '../fake-answers.js';
import { fakeClient } from '../fake-client.js';

function rows(...states: string[]): PartitionRow[] {
  return states.map((state, partition) => ({
    partition,
    sourceOffset: null,
    destinationOffset: null,
    lag: null,
    state,
    retryAttempt: state === 'FAILED' ? 2 : 0,
    errorMessage: state === 'FAILED' ? 'Failed to get source metadata' : null,
  }));
}

describe('classifyTopic', () => {
  const stop = ACTION_SPECS.stop;
  const pause = ACTION_SPECS.pause;
  const resume = ACTION_SPECS.resume;

  it('sends only when every partition is movable', () => {
    assert.equal(classifyTopic(stop, 't', true, rows('MIRRORING', 'MIRRORING')).verdict, 'send');
    assert.equal(classifyTopic(pause, 't', true, rows('MIRRORING')).verdict, 'send');
    assert.equal(classifyTopic(resume, 't', true, rows('PAUSED', 'PAUSED')).verdict, 'send');
  });

  it('already in the target state is a no-op; on the way there is in-transit', () => {
    assert.equal(classifyTopic(stop, 't', true, rows('STOPPED')).verdict, 'noop');
    assert.equal(classifyTopic(pause, 't', true, rows('PAUSED', 'PAUSED')).verdict, 'noop');
    assert.equal(classifyTopic(resume, 't', true, rows('MIRRORING')).verdict, 'noop');
    assert.equal(classifyTopic(stop, 't', true, rows('STOPPING', 'STOPPED')).verdict, 'in-transit');
    assert.equal(classifyTopic(pause, 't', true, rows('PAUSING', 'MIRRORING')).verdict, 'in-transit');
    assert.equal(classifyTopic(resume, 't', true, rows('PAUSED', 'MIRRORING')).verdict, 'in-transit');
  });

  it('FAILED blocks with the states, the error and what to do', () => {
    const planned = classifyTopic(stop, 'orders', true, rows('FAILED', 'MIRRORING'));
    assert.equal(planned.verdict, 'blocked');
    assert.equal(planned.states, '1 FAILED, 1 MIRRORING');
    assert.equal(
      planned.reason,
      '1 FAILED: the broker stops a topic only when every partition is MIRRORING, and refuses the whole ' +
        'request otherwise (error: Failed to get source metadata); FAILED partitions retry on their own: run ' +
        'remove-topics again once they are back to MIRRORING',
    );
    assert.deepEqual(planned.partitions[0], {
      partition: 0,
      state: 'FAILED',
      retryAttempt: 2,
      errorMessage: 'Failed to get source metadata',
    });
  });

  it('PAUSED cannot be stopped (the controller answers 140), STOPPED cannot be paused or resumed', () => {
    assert.match(classifyTopic(stop, 't', true, rows('PAUSED')).reason ?? '', /resume it first/);
    assert.equal(classifyTopic(pause, 't', true, rows('STOPPED')).verdict, 'blocked');
    assert.equal(classifyTopic(resume, 't', true, rows('STOPPED')).verdict, 'blocked');
    assert.equal(classifyTopic(pause, 't', true, rows('LOG_TRUNCATION')).verdict, 'blocked');
  });

  it('no reported partition: blocked (the broker would answer 145)', () => {
    const planned = classifyTopic(stop, 't', true, undefined);
    assert.equal(planned.verdict, 'blocked');
    assert.equal(planned.states, 'none reported');
  });
});

function plan(overrides: Partial<TopicActionPlan> = {}): TopicActionPlan {
  const spec = ACTION_SPECS.stop;
  return {
    mirror: 'm1',
    spec,
    topics: [
      classifyTopic(spec, 'logs', false, rows('FAILED')),
      classifyTopic(spec, 'orders', true, rows('MIRRORING', 'MIRRORING')),
      classifyTopic(spec, 'payments', true, rows('STOPPED')),
    ],
    notInMirror: [{ topic: 'nope', mirror: 'm2' }],
    patterns: [{ pattern: 'logs', matched: ['logs'], effect: 'remove-from-include' }],
    send: ['orders'],
    sendsRequest: true,
    brokerWarnings: [],
    ...overrides,
  };
}

describe('the confirmation preview (golden)', () => {
  it("lists each topic's fate, each pattern's effect, blocked partitions and unknown names", () => {
    assert.equal(
      renderTopicActionPreview(plan()),
      [
        'Mirror m1: these topics stop being mirrored and become writable on the destination (failover):',
        'TOPIC     PARTITIONS  STATES       ACTION',
        'logs               1  1 FAILED     blocked (see below)',
        'orders             2  2 MIRRORING  stop mirroring (becomes writable)',
        'payments           1  1 STOPPED    none: already STOPPED',
        'Patterns (sent to the broker, which saves them):',
        '  logs: matches logs; will be removed from mirror.topics.include',
        'Blocked (not sent):',
        '  logs: 1 FAILED: the broker stops a topic only when every partition is MIRRORING, and refuses the ' +
          'whole request otherwise (error: Failed to get source metadata); FAILED partitions retry on their ' +
          'own: run remove-topics again once they are back to MIRRORING',
        '    partition 0: FAILED (retry 2): Failed to get source metadata',
        'Not in mirror m1 (left out): nope (in mirror m2)',
      ].join('\n'),
    );
  });
});

describe('stopConfirmation', () => {
  it('asks about the topics sent, or about the patterns saved when no topic is sent', () => {
    const topics = stopConfirmation(plan());
    assert.equal(
      topics.question,
      "Stop mirroring 1 topic(s) of mirror 'm1' (they become writable on the destination). Go ahead?",
    );
    assert.equal(topics.action, "stop mirroring 1 topic(s) of mirror 'm1' (they become writable on the destination)");
    assert.equal(topics.preview, renderTopicActionPreview(plan()));
    assert.equal(stopConfirmation(plan({ send: [] })).question, "Save 1 pattern(s) to mirror 'm1'. Go ahead?");
  });
});

describe('outcomeError (the exit rule)', () => {
  const spec = ACTION_SPECS.stop;
  const base = () => ({ ...topicActionResultOf(plan({ patterns: [], notInMirror: [] }), false) });

  it('0 when everything succeeded or was a no-op', () => {
    const result = base();
    result.blocked = [];
    result.succeeded = ['orders'];
    assert.equal(outcomeError(result, spec), null);
  });

  it('3 when something was done and something was blocked', () => {
    const result = base();
    result.succeeded = ['orders'];
    assert.equal(outcomeError(result, spec)?.kind, 'partial');
  });

  it("1 when everything was blocked; the Kafka code's exit when everything was refused; 6 for unknown names", () => {
    const blocked = base();
    blocked.noop = [];
    assert.equal(outcomeError(blocked, spec)?.kind, 'failed');
    const refused = base();
    refused.noop = [];
    refused.blocked = [];
    refused.failed = [
      { topic: 'orders', error: { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED', message: 'x', hint: null } },
    ];
    assert.equal(outcomeError(refused, spec)?.kind, 'denied');
    const unknown = base();
    unknown.noop = [];
    unknown.blocked = [];
    unknown.notInMirror = [{ topic: 'nope', mirror: null }];
    assert.equal(outcomeError(unknown, spec)?.kind, 'not-found');
  });

  it('a dry run never fails', () => {
    const result = topicActionResultOf(plan(), true);
    assert.equal(outcomeError(result, spec), null);
  });
});

describe('planTopicAction', () => {
  for (const action of ['pause', 'stop'] as const) {
    it(`${action}: sends ListClusterMirrors once, not twice`, async () => {
      const mirrors: FakeMirror[] = [
        { name: 'm1', topics: [{ name: 'orders', listed: true, partitions: [{ state: 'MIRRORING', leader: 1 }] }] },
      ];
      const fake = fakeClient()
        .answer(ListClusterMirrors, listAnswer(mirrors))
        .answer(DescribeClusterMirrors, describeAnswer(mirrors))
        .answer(DescribeConfigs, mirrorConfigsAnswer({}));
      await planTopicAction(
        fake.client,
        ACTION_SPECS[action],
        { mirror: 'm1', topics: ['orders'], patterns: [] },
        { warn: () => undefined },
      );
      assert.equal(fake.sent.filter((s) => s.api === 'ListClusterMirrors').length, 1);
    });
  }
});
