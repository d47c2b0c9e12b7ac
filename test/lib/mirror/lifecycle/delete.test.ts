import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFailure } from '../../../../src/lib/cli/failures/errors.js';
import {
  DeleteClusterMirror,
  DescribeClusterMirrors,
  ListClusterMirrors,
} from '../../../../src/lib/kafka/messages/index.js';
import {
  type DeletePlan,
  deleteBlocked,
  deleteRefusal,
  missingDeletePermissions,
  planDelete,
  deleteResultOf,
  looksLikePrototype,
  sendDelete,
  waitUntilGone,
} from '../../../../src/lib/mirror/lifecycle/delete.js';
import { ApiKeyMap } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { ADMIN_MIRROR_APIS } from '../../../../src/lib/mirror/core/apis.js';
import { mirrorListed } from '../../../../src/lib/mirror/core/list.js';
import { type FakeMirror, describeAnswer, listAnswer } from '../fake-answers.js';
import { fakeClient } from '../fake-client.js';

const DELETE = 6;
const ALTER = 7;
const DESCRIBE = 8;

function destination(mirrors: readonly FakeMirror[]) {
  return fakeClient()
    .answer(ListClusterMirrors, listAnswer(mirrors))
    .answer(DescribeClusterMirrors, describeAnswer(mirrors));
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return toFailure(err);
  }
  assert.fail('expected a failure');
}

const stopped = (name: string): FakeMirror['topics'][number] => ({
  name,
  listed: false,
  partitions: [
    { state: 'STOPPED', leader: 1 },
    { state: 'STOPPED', leader: 2 },
  ],
});

describe('planDelete', () => {
  it('merges every broker: all STOPPED means nothing blocks, with the operations the brokers report', async () => {
    const fake = destination([
      { name: 'm1', topics: [stopped('b'), stopped('a')], operations: [DELETE, ALTER, DESCRIBE] },
    ]);
    const plan = await planDelete(fake.client, 'm1');
    assert.deepEqual(
      plan.topics.map((t) => [t.topic, t.state, t.partitions, t.active]),
      [
        ['a', 'STOPPED', { STOPPED: 2 }, false],
        ['b', 'STOPPED', { STOPPED: 2 }, false],
      ],
    );
    assert.equal(deleteBlocked(plan), false);
    assert.deepEqual([...(plan.authorizedOperations ?? [])].sort(), ['ALTER', 'DELETE', 'DESCRIBE']);
    assert.ok(!fake.apis().includes('DeleteClusterMirror'), 'planning sends no delete');
  });

  it('sorts out what blocks: listed topics to stop (paused among them), settling ones, failed ones', async () => {
    const plan = await planDelete(
      destination([
        {
          name: 'm1',
          topics: [
            { name: 'live', listed: true, partitions: [{ state: 'MIRRORING', leader: 1, lag: 0n }] },
            { name: 'held', listed: true, partitions: [{ state: 'PAUSED', leader: 2 }] },
            {
              name: 'settling',
              listed: false,
              partitions: [
                { state: 'STOPPING', leader: 1 },
                { state: 'STOPPED', leader: 2 },
              ],
            },
            { name: 'broken', listed: true, partitions: [{ state: 'FAILED', leader: 2 }] },
            { name: 'unseen', listed: true, partitions: [] },
          ],
        },
      ]).client,
      'm1',
    );
    assert.equal(deleteBlocked(plan), true);
    assert.deepEqual(plan.toStop.sort(), ['broken', 'held', 'live', 'unseen']);
    assert.deepEqual(plan.settling, ['settling']);
    assert.deepEqual(plan.paused, ['held']);
    assert.deepEqual(plan.failed, ['broken']);
    const byName = new Map(plan.topics.map((t) => [t.topic, t]));
    assert.equal(byName.get('settling')?.state, 'MIXED');
    assert.equal(byName.get('unseen')?.state, 'UNKNOWN', 'listed but reported by no broker');
  });

  it('an unknown mirror is exit 6; one the principal may not describe is exit 5, not "not found"', async () => {
    const missing = await failureOf(planDelete(destination([]).client, 'nope'));
    assert.equal(missing.exitCode, 6);
    const hidden = await failureOf(
      planDelete(destination([{ name: 'secret', topics: [], describeError: 144 }]).client, 'secret', {
        principal: 'User:bob',
      }),
    );
    assert.equal(hidden.exitCode, 5);
    assert.match(hidden.message, /not authorized to describe mirror 'secret'/);
    assert.match(
      hidden.hint ?? '',
      /--allow-principal User:bob --operation Describe --operation Delete --operation Alter/,
    );
  });
});

describe('sendDelete', () => {
  const plan = (operations: string[] | null): DeletePlan => ({
    mirror: 'm1',
    readOnlyAfterDelete: null,
    topics: [],
    toStop: [],
    settling: [],
    wedged: [],
    paused: [],
    failed: [],
    authorizedOperations: operations,
    warnings: [],
  });
  const answering = (ErrorCode: number, ErrorMessage: string | null = null) =>
    fakeClient().answer(DeleteClusterMirror, () => ({ ThrottleTimeMs: 0, ErrorCode, ErrorMessage }));

  it('sends the name with no state validation and returns on 0', async () => {
    const fake = answering(0);
    await sendDelete(fake.client, plan(null));
    assert.deepEqual(fake.sent, [
      { api: 'DeleteClusterMirror', body: { MirrorName: 'm1', StateValidationOffset: -1n } },
    ]);
  });

  it('explains each refusal with the exit code of its kind', async () => {
    const gone = await failureOf(sendDelete(answering(137).client, plan(null)));
    assert.equal(gone.exitCode, 6);
    assert.match(gone.hint ?? '', /someone else may have deleted it/);

    const notEmpty = await failureOf(sendDelete(answering(143, 'not empty').client, plan(null)));
    assert.equal(notEmpty.exitCode, 1);
    assert.match(notEmpty.message, /still has a MIRRORING or PAUSED topic \(broker: not empty\)/);
    assert.match(notEmpty.hint ?? '', /run kmirror delete m1 again/);

    const states = await failureOf(sendDelete(answering(145, 'Cluster mirror partition states x').client, plan(null)));
    assert.equal(states.exitCode, 1);
    assert.match(states.message, /some partition of its topics is not STOPPED/);
    assert.doesNotMatch(states.message, /broker:/, "the prototype's default text is not repeated");

    assert.equal((await failureOf(sendDelete(answering(42).client, plan(null)))).kafkaError?.code, 42);
  });

  it('144 names the permission the principal lacks, when the brokers said which', async () => {
    const cases: [string[] | null, RegExp, RegExp][] = [
      [null, /needs both DELETE .* and ALTER/, /--operation Delete --operation Alter/],
      [['DESCRIBE', 'DELETE'], /has DELETE but not ALTER, so the controller refused/, /--operation Alter --cluster/],
      [['DESCRIBE', 'ALTER'], /has ALTER but not DELETE, so the broker refused/, /--operation Delete --cluster/],
      [['DESCRIBE'], /this principal has neither/, /--operation Delete --operation Alter/],
    ];
    for (const [operations, why, grant] of cases) {
      const failure = await failureOf(sendDelete(answering(144).client, plan(operations), { principal: 'User:ann' }));
      assert.equal(failure.exitCode, 5);
      assert.match(failure.message, why);
      assert.match(failure.hint ?? '', grant);
      assert.match(failure.hint ?? '', /User:ann/);
    }
  });
});

describe('delete helpers', () => {
  it('missingDeletePermissions: unknown, ALL, and each of DELETE and ALTER', () => {
    assert.equal(missingDeletePermissions(null), null);
    assert.deepEqual(missingDeletePermissions(['ALL']), []);
    assert.deepEqual(missingDeletePermissions(['DESCRIBE']), ['DELETE', 'ALTER']);
    assert.deepEqual(missingDeletePermissions(['DELETE', 'ALTER']), []);
  });

  it(
    'mirrorListed and waitUntilGone poll ListClusterMirrors with growing pauses until the ' + 'mirror is gone',
    async () => {
      let polls = 0;
      const fake = fakeClient().answer(ListClusterMirrors, () =>
        listAnswer(++polls < 4 ? [{ name: 'm1', topics: [] }] : [])(),
      );
      const sleeps: number[] = [];
      await waitUntilGone(fake.client, 'm1', async (ms) => {
        sleeps.push(ms);
      });
      assert.deepEqual(sleeps, [200, 400, 800]);
      assert.equal(await mirrorListed(fake.client, 'm1'), false);
    },
  );

  it(
    'deleteResultOf reports the refusal only when something blocks, and the command only when there ' +
      'is something to stop',
    () => {
      const base: DeletePlan = {
        mirror: 'm1',
        readOnlyAfterDelete: null,
        topics: [],
        toStop: [],
        settling: ['s'],
        wedged: [],
        paused: [],
        failed: [],
        authorizedOperations: null,
        warnings: ['w'],
      };
      const waiting = deleteResultOf(base, { deleted: false, dryRun: false, removeTopicsCommand: 'cmd' });
      assert.deepEqual(waiting.refusal, {
        toStop: [],
        settling: ['s'],
        wedged: [],
        wedgedHint: null,
        paused: [],
        failed: [],
        removeTopicsCommand: null,
      });
      assert.equal(waiting.confirmedGone, null);
      assert.deepEqual(waiting.warnings, ['w']);
      const blocked = deleteResultOf(
        { ...base, toStop: ['t'] },
        { deleted: false, dryRun: true, removeTopicsCommand: 'cmd' },
      );
      assert.equal(blocked.refusal?.removeTopicsCommand, 'cmd');
      const done = deleteResultOf(
        { ...base, settling: [] },
        { deleted: true, dryRun: false, removeTopicsCommand: null, confirmedGone: true },
      );
      assert.equal(done.refusal, null);
      assert.equal(done.confirmedGone, true);
    },
  );
});

describe('delete refusal', () => {
  it('names each topic with its state and the command that stops them, or says they are stopping', () => {
    const plan = {
      mirror: 'm1',
      topics: [
        { topic: 'a', state: 'MIRRORING' },
        { topic: 'b', state: 'STOPPING' },
      ],
      toStop: ['a'],
      settling: ['b'],
      wedged: [],
    } as unknown as DeletePlan;
    const refusal = deleteRefusal(plan, 'kmirror remove-topics m1 --topic a');
    assert.equal(refusal.kind, 'failed');
    assert.equal(
      refusal.message,
      "mirror 'm1' was not deleted: the broker deletes a mirror only when every topic is STOPPED, not so for " +
        'a (MIRRORING), b (STOPPING)',
    );
    assert.equal(
      refusal.hint,
      'stop it (its destination topic becomes writable), then delete again: kmirror remove-topics m1 --topic a',
    );
    assert.match(deleteRefusal(plan, null).hint ?? '', /already stopping/);
  });
});

describe('delete refusal of a wedged topic (§18: recorded STOPPED, its partitions never stopped)', () => {
  const plan = (partitions: Record<string, number>): DeletePlan =>
    ({
      mirror: 'm1',
      topics: [{ topic: 'orders', state: 'MIXED', partitions, active: false }],
      toStop: [],
      settling: ['orders'],
      wedged: ['orders'],
    }) as unknown as DeletePlan;

  it('after a destination restart left it MIRRORING: no "wait", the restart that unblocks it, counted', () => {
    const hint = deleteRefusal(plan({ MIRRORING: 2 }), null).hint ?? '';
    assert.doesNotMatch(hint, /wait until|already stopping/);
    assert.match(hint, /^orders is wedged, not stopping: recorded STOPPED, but 2 partition\(s\) MIRRORING never took/);
    assert.match(hint, /The only thing seen to unblock the delete is a restart of the destination brokers, and not/);
    assert.match(hint, /the brokers report 0 of 2 of their partition\(s\) STOPPED now/);
    assert.match(hint, /Next: restart the destination brokers one at a time, then kmirror describe m1 and delete/);
  });

  it('FAILED while the source is down: the source must answer first; next, why they are FAILED', () => {
    const hint = deleteRefusal(plan({ FAILED: 1, STOPPED: 1 }), null).hint ?? '';
    assert.doesNotMatch(hint, /wait until/);
    assert.match(hint, /1 partition\(s\) FAILED never took the stop in/);
    assert.match(hint, /While their source does not answer the brokers they stay FAILED whatever is done; once it/);
    assert.match(hint, /the brokers report 1 of 2 of their partition\(s\) STOPPED now/);
    assert.match(hint, /Next: kmirror describe m1 --failed/);
  });
});

describe("delete's prototype warning (read-only after delete)", () => {
  const info = (keys: readonly number[]) => ({
    address: { host: 'b', port: 1, nodeId: 1 },
    apis: new Map(keys.map((k) => [k, { min: 0, max: 0 }])),
    supportedFeatures: new Map(),
    finalizedFeatures: new Map(),
    apiVersionsVersion: 3,
  });
  const prototypeKeys = ADMIN_MIRROR_APIS.map((api) => api.apiKey);

  it('is for a broker serving the mirror RPCs on the prototype keys 94-105 only', () => {
    assert.equal(looksLikePrototype(info(prototypeKeys), ApiKeyMap.DEFAULT), true);
    const moved = ApiKeyMap.parse(ADMIN_MIRROR_APIS.map((api) => `${api.name}=${api.apiKey + 1000}`).join(','));
    assert.equal(looksLikePrototype(info(prototypeKeys.map((k) => k + 1000)), moved), false, 'another numbering');
    assert.equal(looksLikePrototype(info(prototypeKeys.slice(1)), ApiKeyMap.DEFAULT), false, 'a key missing');
  });
});
