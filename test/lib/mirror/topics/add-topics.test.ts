import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFailure } from '../../../../src/lib/cli/failures/errors.js';
import type { ConnectionConfig } from '../../../../src/lib/connection/connection-config.js';
import {
  DescribeClusterMirrors,
  DescribeConfigs,
  ListClusterMirrors,
  Metadata,
  StartMirrorTopics,
} from '../../../../src/lib/kafka/messages/index.js';
import {
  type AddTopicsInput,
  type AddTopicsPlan,
  planAddTopics,
  addTopicsResultOf,
  sendAddTopics,
  unmetNamedTopics,
} from '../../../../src/lib/mirror/topics/add-topics.js';
import {
  type FakeMirror,
  describeAnswer,
  listAnswer,
  metadata,
  metadataTopic,
  mirrorConfigsAnswer,
} from '../fake-answers.js';
import { type FakeClient, fakeClient } from '../fake-client.js';

const ORDERS_ID = 'b3JkZXJzAAAAAAAAAAAAAA';
const PAYMENTS_ID = 'cGF5bWVudHMAAAAAAAAAAA';

const MIRRORS: readonly FakeMirror[] = [
  {
    name: 'm1',
    topics: [{ name: 'inventory', listed: true, partitions: [{ state: 'MIRRORING', leader: 1, lag: 0n }] }],
  },
  { name: 'other', topics: [{ name: 'audit', listed: true, partitions: [{ state: 'PAUSED', leader: 2 }] }] },
];

function destination(mirrors: readonly FakeMirror[] = MIRRORS, exclude = '__.*'): FakeClient {
  return (
    fakeClient()
      .answer(ListClusterMirrors, listAnswer(mirrors))
      .answer(DescribeClusterMirrors, describeAnswer(mirrors))
      .answer(
        DescribeConfigs,
        mirrorConfigsAnswer({ 'bootstrap.servers': 'src:9092', 'mirror.topics.exclude': exclude }),
      )
      // No selected topic exists on the destination yet: nothing for the start to truncate.
      .answer(Metadata, () => metadata([]))
  );
}

function source(): FakeClient {
  return fakeClient().answer(Metadata, () =>
    metadata([
      metadataTopic('orders', [1, 1, 2], 0, ORDERS_ID),
      metadataTopic('payments', [2, 1], 0, PAYMENTS_ID),
      metadataTopic('inventory', [1]),
      metadataTopic('audit', [1]),
      metadataTopic('__consumer_offsets', [1]),
    ]),
  );
}

function input(extra: Partial<AddTopicsInput> = {}): AddTopicsInput {
  return { mirror: 'm1', topics: [], include: [], exclude: [], allowMissing: false, ...extra };
}

async function plan(extra: Partial<AddTopicsInput>, dst = destination()) {
  const src = source();
  const opened: ConnectionConfig[] = [];
  const result = await planAddTopics(dst.client, input(extra), {
    openSource: async (settings) => (opened.push(settings), src.client),
    warn: () => undefined,
  });
  return { plan: result, dst, src, opened };
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return toFailure(err);
  }
  assert.fail('expected a failure');
}

describe('planAddTopics', () => {
  it('classifies the named topics against the source and every mirror, and builds the request', async () => {
    const { plan: p, dst, opened } = await plan({ topics: ['orders', 'inventory', 'audit', 'absent'] });
    assert.deepEqual(opened[0]?.bootstrap, ['src:9092'], 'the source address stored in the mirror');
    assert.deepEqual(
      p.topics.map((t) => [t.topic, t.action, t.partitions]),
      [
        ['absent', 'missing-on-source', null],
        ['audit', 'in-other-mirror', 1],
        ['inventory', 'already-mirrored', 1],
        ['orders', 'add', 3],
      ],
    );
    assert.deepEqual(p.request, {
      MirrorName: 'm1',
      Topics: [{ TopicId: ORDERS_ID, TopicName: 'orders', NumPartitions: 3 }],
      IncludePatterns: [],
      ExcludePatterns: [],
      StateValidationOffset: -1n,
    });
    assert.ok(!dst.apis().includes('StartMirrorTopics'), 'planning starts nothing');
  });

  it(
    'a pattern selects source topics (not internal ones, not the mirrored ones) and marks them ' + 'for confirmation',
    async () => {
      const { plan: p } = await plan({ include: ['.*'] });
      assert.deepEqual([...p.addedByPattern].sort(), ['orders', 'payments']);
      assert.deepEqual(p.request?.IncludePatterns, ['.*']);
    },
  );

  it('a topic the mirror still excludes is not sent; nothing to send and no pattern means no request', async () => {
    // A named topic leaves the stored exclude list verbatim, but a pattern there still matches it.
    const { plan: p } = await plan({ topics: ['payments'] }, destination(MIRRORS, '__.*,pay.*'));
    assert.equal(p.topics[0]?.action, 'excluded-by-mirror');
    assert.equal(p.request, null);
  });

  it('an unknown mirror is exit 6 before the source is opened', async () => {
    const src = source();
    const failure = await failureOf(
      planAddTopics(destination([]).client, input({ mirror: 'nope', topics: ['orders'] }), {
        openSource: async () => src.client,
        warn: () => undefined,
      }),
    );
    assert.equal(failure.exitCode, 6);
    assert.deepEqual(src.sent, []);
  });
});

function planFor(topics: [string, number][]): AddTopicsPlan {
  return {
    mirror: 'm1',
    sourceBootstrap: ['src:9092'],
    loopCheck: { made: true, notMadeReason: null, loops: [], overridden: false },
    truncation: { topics: [], truncatedPartitions: 0, lostRecords: 0n, readFailures: [] },
    sourceSettings: { bootstrap: ['src:9092'], clientId: 'kmirror' },
    topics: topics.map(([topic, partitions]) => ({ topic, topicId: null, partitions, action: 'add', named: true })),
    include: [],
    exclude: [],
    request: {
      MirrorName: 'm1',
      Topics: topics.map(([TopicName, NumPartitions]) => ({ TopicName, NumPartitions })),
      IncludePatterns: [],
      ExcludePatterns: [],
      StateValidationOffset: -1n,
    },
    addedByPattern: [],
  };
}

function starting(ErrorCode: number, perTopic: Record<string, number>): FakeClient {
  return fakeClient().answer(StartMirrorTopics, () => ({
    ThrottleTimeMs: 0,
    ErrorCode,
    ErrorMessage: null,
    Topics: Object.entries(perTopic).map(([Name, code]) => ({
      Name,
      TopicId: 'AAAAAAAAAAAAAAAAAAAAAA',
      ErrorCode: code,
      ErrorMessage: null,
    })),
  }));
}

describe('sendAddTopics', () => {
  it('all started: everything added, no error', async () => {
    const fake = starting(0, { orders: 0, payments: 0 });
    const outcome = await sendAddTopics(
      fake.client,
      planFor([
        ['orders', 3],
        ['payments', 2],
      ]),
    );
    assert.deepEqual(fake.apis(), ['StartMirrorTopics']);
    assert.deepEqual(
      outcome.result.added.map((a) => a.topic),
      ['orders', 'payments'],
    );
    assert.equal(outcome.error, null);
  });

  it('one topic refused: it is listed with its code and hint, the rest added, exit 3', async () => {
    const outcome = await sendAddTopics(
      starting(0, { orders: 0, payments: 138 }).client,
      planFor([
        ['orders', 3],
        ['payments', 2],
      ]),
    );
    assert.deepEqual(
      outcome.result.added.map((a) => a.topic),
      ['orders'],
    );
    assert.deepEqual(
      outcome.result.failed.map((f) => [f.topic, f.error.code]),
      [['payments', 138]],
    );
    assert.equal(outcome.failures[0]?.topic, 'payments');
    assert.equal(toFailure(outcome.error).exitCode, 3);
  });

  it('every topic refused: the first error, counted, with its own exit code', async () => {
    const outcome = await sendAddTopics(
      starting(144, { orders: 144, payments: 144 }).client,
      planFor([
        ['orders', 3],
        ['payments', 2],
      ]),
    );
    assert.equal(outcome.result.added.length, 0);
    const failure = toFailure(outcome.error);
    assert.equal(failure.exitCode, 5);
    assert.match(failure.message, /^2 topics failed; first: /);
  });

  it('a whole-request 145 (no topic carries it) throws: nothing was started', async () => {
    const failure = await failureOf(sendAddTopics(starting(145, {}).client, planFor([['orders', 3]])));
    assert.equal(failure.exitCode, 1);
    assert.match(failure.message, /refused the whole request.*nothing was started/);
  });

  it('without a request nothing is sent', async () => {
    const fake = fakeClient();
    const outcome = await sendAddTopics(fake.client, { ...planFor([]), request: null });
    assert.deepEqual(fake.sent, []);
    assert.equal(outcome.error, null);
  });
});

describe('add-topics outcome rules', () => {
  const skippedPlan = (
    action: 'missing-on-source' | 'in-other-mirror' | 'excluded-by-mirror' | 'already-mirrored',
  ) => ({
    ...planFor([]),
    topics: [{ topic: 't', topicId: null, partitions: null, action, named: true }],
    request: null,
  });

  it('named topics that were not added: the reason picks the exit code when nothing else was done', () => {
    const codes = (['missing-on-source', 'in-other-mirror', 'excluded-by-mirror'] as const).map((action) => {
      const p = skippedPlan(action);
      return toFailure(unmetNamedTopics(addTopicsResultOf(p, false), p)).exitCode;
    });
    assert.deepEqual(codes, [6, 1, 1]);
    const already = skippedPlan('already-mirrored');
    assert.equal(unmetNamedTopics(addTopicsResultOf(already, false), already), null, 'already there is fine');
    const mixed = { ...skippedPlan('missing-on-source'), include: ['x.*'] };
    assert.equal(toFailure(unmetNamedTopics(addTopicsResultOf(mixed, false), mixed)).exitCode, 3, 'a pattern was sent');
  });
});
