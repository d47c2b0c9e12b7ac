// The wait for states the broker leaves by itself (issue 33 item 4): which blocked topics are waited for,
// the one line said, and that the last plan is the one returned.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ACTION_SPECS,
  type ActionSpec,
  type TopicActionPlan,
  type TopicToAct,
} from '../../../../src/lib/mirror/topics/topic-actions.js';
import {
  isPassing,
  passingTopics,
  planPastPassingStates,
  passingLine,
} from '../../../../src/lib/mirror/topics/passing-states.js';

const METADATA = 'Failed to get source metadata';

function topic(
  name: string,
  verdict: TopicToAct['verdict'],
  partitions: [string, number, string | null][],
  extra: Partial<TopicToAct> = {},
): TopicToAct {
  return {
    topic: name,
    named: true,
    verdict,
    states: '',
    partitions: partitions.map(([state, retryAttempt, errorMessage], partition) => ({
      partition,
      state,
      retryAttempt,
      errorMessage,
    })),
    ...extra,
  };
}

function plan(spec: ActionSpec, topics: TopicToAct[]): TopicActionPlan {
  return {
    mirror: 'm1',
    spec,
    topics,
    notInMirror: [],
    patterns: [],
    send: topics.filter((t) => t.verdict === 'send').map((t) => t.topic),
    sendsRequest: topics.some((t) => t.verdict === 'send'),
    brokerWarnings: [],
  };
}

describe('passing states', () => {
  it('the start-up FAILED (retry 1, the metadata text), PAUSING, STOPPING pass; a longer FAILED does not', () => {
    assert.equal(isPassing({ state: 'FAILED', retryAttempt: 1, errorMessage: METADATA }), true);
    assert.equal(isPassing({ state: 'PAUSING', retryAttempt: 0, errorMessage: null }), true);
    assert.equal(isPassing({ state: 'STOPPING', retryAttempt: 0, errorMessage: null }), true);
    assert.equal(isPassing({ state: 'FAILED', retryAttempt: 2, errorMessage: METADATA }), false);
    assert.equal(
      isPassing({ state: 'FAILED', retryAttempt: 1, errorMessage: 'Detected mirror loop for mirror:m' }),
      false,
    );
    assert.equal(isPassing({ state: 'FAILED', retryAttempt: -1, errorMessage: 'The source topic is deleted.' }), false);
  });

  it('only blocked topics whose every partition is acceptable or passing are waited for', () => {
    const p = plan(ACTION_SPECS.resume, [
      topic('pausing', 'blocked', [
        ['PAUSING', 0, null],
        ['PAUSED', 0, null],
      ]),
      topic('mixed', 'blocked', [
        ['PAUSING', 0, null],
        ['FAILED', 3, METADATA],
      ]),
      topic('wedged', 'blocked', [['FAILED', 1, METADATA]], {
        causes: [{ cause: 'wedged', summary: 's', recovery: 'r' }],
      }),
      topic('ready', 'send', [['PAUSED', 0, null]]),
    ]);
    assert.deepEqual(
      passingTopics(p).map((t) => t.topic),
      ['pausing'],
    );
  });

  it('plans again until nothing is passing; says one line; returns the last plan', async () => {
    const first = plan(ACTION_SPECS.pause, [
      topic('orders', 'blocked', [
        ['FAILED', 1, METADATA],
        ['MIRRORING', 0, null],
      ]),
    ]);
    const later = plan(ACTION_SPECS.pause, [
      topic('orders', 'send', [
        ['MIRRORING', 0, null],
        ['MIRRORING', 0, null],
      ]),
    ]);
    const plans = [first, later];
    const lines: string[] = [];
    let clock = 0;
    const settled = await planPastPassingStates(first, async () => plans.shift() ?? later, {
      limitMs: 5000,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      onWait: (line) => lines.push(line),
    });
    assert.equal(settled, later);
    assert.deepEqual(lines, [
      'Waiting up to 5 s for orders (1 FAILED): states the broker leaves by itself within seconds',
    ]);
  });

  it('gives up at the limit and returns the still-blocked plan (the command refuses it)', async () => {
    const stuck = plan(ACTION_SPECS.pause, [topic('orders', 'blocked', [['FAILED', 1, METADATA]])]);
    let clock = 0;
    let replans = 0;
    const settled = await planPastPassingStates(
      stuck,
      async () => {
        replans += 1;
        return stuck;
      },
      { limitMs: 2000, now: () => clock, sleep: async (ms) => void (clock += ms), onWait: () => undefined },
    );
    assert.equal(settled, stuck);
    assert.equal(replans, 4);
    assert.equal(clock, 2000);
  });

  it('does not wait without budget, nor when nothing passes', async () => {
    const stuck = plan(ACTION_SPECS.pause, [topic('orders', 'blocked', [['FAILED', 1, METADATA]])]);
    const never = async (): Promise<TopicActionPlan> => assert.fail('planned again');
    const wait = { now: () => 0, sleep: async () => undefined, onWait: () => assert.fail('said it waits') };
    assert.equal(await planPastPassingStates(stuck, never, { ...wait, limitMs: 0 }), stuck);
    const failed = plan(ACTION_SPECS.pause, [topic('orders', 'blocked', [['FAILED', 5, 'boom']])]);
    assert.equal(await planPastPassingStates(failed, never, { ...wait, limitMs: 5000 }), failed);
  });

  it('the line names each topic with its passing partitions', () => {
    const t = topic('orders', 'blocked', [
      ['PAUSING', 0, null],
      ['STOPPING', 0, null],
      ['PAUSED', 0, null],
    ]);
    assert.equal(
      passingLine([t], 4200),
      'Waiting up to 5 s for orders (2 PAUSING/STOPPING): states the broker leaves by itself within seconds',
    );
  });
});
