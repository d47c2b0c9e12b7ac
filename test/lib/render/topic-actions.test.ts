import assert from 'node:assert/strict';
import { useColours } from '../../../src/lib/text/paint.js';
import { before, describe, it } from 'node:test';
import {
  ACTION_SPECS,
  type TopicToAct,
  type TopicActionPlan,
  type TopicActionResult,
  requestOf,
} from '../../../src/lib/mirror/topics/topic-actions.js';
import {
  renderTopicAction,
  renderTopicActionPreview,
  renderTopicActionRequest,
} from '../../../src/lib/render/topic-actions.js';

// The command hands the renderer the request of its plan (render/ does not compute it).
const render = (plan: TopicActionPlan, r: TopicActionResult, options: { previewShown?: boolean } = {}): string =>
  renderTopicAction(plan, r, { ...options, request: requestOf(plan) });

const rows = (...states: string[]) =>
  states.map((state, partition) => ({ partition, state, retryAttempt: 0, errorMessage: null }));

const topic = (name: string, verdict: TopicToAct['verdict'], states: string[], extra: Partial<TopicToAct> = {}) => ({
  topic: name,
  named: true,
  verdict,
  states: `${states.length} ${states[0] ?? ''}`,
  partitions: rows(...states),
  ...extra,
});

function stopPlan(extra: Partial<TopicActionPlan> = {}): TopicActionPlan {
  return {
    mirror: 'm1',
    spec: ACTION_SPECS.stop,
    topics: [
      topic('orders', 'send', ['MIRRORING', 'MIRRORING']),
      topic('done', 'noop', ['STOPPED']),
      topic('going', 'in-transit', ['STOPPING']),
      {
        ...topic('broken', 'blocked', ['FAILED']),
        reason: 'a partition is FAILED',
        partitions: [{ partition: 0, state: 'FAILED', retryAttempt: 3, errorMessage: 'source down' }],
      },
      topic('eu-1', 'via-pattern', ['MIRRORING'], { named: false, pattern: 'eu-.*' }),
    ],
    notInMirror: [
      { topic: 'stray', mirror: null },
      { topic: 'theirs', mirror: 'm2' },
    ],
    patterns: [
      { pattern: 'eu-.*', matched: ['eu-1'], effect: 'add-to-exclude' },
      { pattern: 'us-.*', matched: [], effect: 'remove-from-include' },
    ],
    send: ['orders'],
    sendsRequest: true,
    brokerWarnings: [],
    ...extra,
  };
}

function result(extra: Partial<TopicActionResult> = {}): TopicActionResult {
  return {
    mirror: 'm1',
    action: 'stop',
    dryRun: false,
    requested: ['orders', 'done'],
    sent: ['orders'],
    succeeded: ['orders'],
    noop: [
      { topic: 'done', state: 'STOPPED' },
      { topic: 'going', state: 'STOPPING' },
    ],
    blocked: [],
    viaPattern: [],
    failed: [],
    notInMirror: [],
    patterns: [],
    final: null,
    ...extra,
  };
}

describe('topic action renderers (remove-topics, pause, resume)', () => {
  before(() => {
    useColours(undefined);
  });

  it('the preview says what happens to each topic and pattern, what is blocked and what is not in the mirror', () => {
    const text = renderTopicActionPreview(stopPlan());
    const lines = text.split('\n');
    assert.equal(
      lines[0],
      'Mirror m1: these topics stop being mirrored and become writable on the destination (failover):',
    );
    assert.match(text, /^TOPIC +PARTITIONS +STATES +ACTION$/m);
    assert.match(text, /^orders +2 +2 MIRRORING +stop mirroring \(becomes writable\)$/m);
    assert.match(text, /^done +1 +1 STOPPED +none: already STOPPED$/m);
    assert.match(text, /^going +1 +1 STOPPING +none: already on its way to STOPPED$/m);
    assert.match(text, /^broken +1 +1 FAILED +blocked \(see below\)$/m);
    assert.match(text, /^eu-1 +1 +1 MIRRORING +stop requested through exclude pattern eu-\.\*$/m);
    assert.ok(lines.includes('Patterns (sent to the broker, which saves them):'));
    assert.ok(
      lines.includes(
        '  eu-.*: matches eu-1; will be added to mirror.topics.exclude (it is not in mirror.topics.include ' +
          'verbatim), ' +
          'so matching source topics are no longer mirrored',
      ),
    );
    assert.ok(lines.includes('  us-.*: matches no topic of the mirror; will be removed from mirror.topics.include'));
    assert.ok(lines.includes('Blocked (not sent):'));
    assert.ok(lines.includes('  broken: a partition is FAILED'));
    assert.ok(lines.includes('    partition 0: FAILED (retry 3): source down'));
    assert.equal(lines.at(-1), 'Not in mirror m1 (left out): stray, theirs (in mirror m2)');
  });

  it('pause and resume previews: a plain title, patterns only select; nothing selected is said so', () => {
    const pause = renderTopicActionPreview(
      stopPlan({
        spec: ACTION_SPECS.pause,
        topics: [topic('orders', 'send', ['MIRRORING'])],
        notInMirror: [],
        patterns: [{ pattern: 'o.*', matched: ['orders'], effect: null }],
      }),
    );
    assert.equal(
      pause,
      [
        'Mirror m1:',
        'TOPIC   PARTITIONS  STATES       ACTION',
        'orders           1  1 MIRRORING  pause',
        'Patterns (select topics only):',
        '  o.*: matches orders',
      ].join('\n'),
    );
    const none = renderTopicActionPreview(
      stopPlan({ spec: ACTION_SPECS.resume, topics: [], notInMirror: [], patterns: [] }),
    );
    assert.equal(none, 'No topic of mirror m1 is selected.');
  });

  it('the request is shown field by field as it goes on the wire', () => {
    const text = renderTopicActionRequest(stopPlan(), requestOf(stopPlan()));
    assert.match(text, /^StopMirrorTopics\n {2}MirrorName: m1\n {2}Topics: \[orders\]\n/);
    assert.match(text, /\n {2}StateValidationOffset: -1$/);
  });

  it('a dry run prints the preview, the request or "nothing to send", and says nothing was sent', () => {
    const plan = stopPlan();
    const dry = render(plan, result({ dryRun: true }));
    assert.ok(dry.startsWith(renderTopicActionPreview(plan)));
    assert.match(dry, /\nDry run: kmirror would send\nStopMirrorTopics\n/);
    assert.ok(dry.endsWith('\nNothing was sent (--dry-run).'));
    const idle = render(stopPlan({ sendsRequest: false, send: [] }), result({ dryRun: true }));
    assert.match(idle, /\nDry run: there is nothing to send\.\nNothing was sent \(--dry-run\)\.$/);
  });

  it('the outcome: done, already there or on the way, refused with hints, via pattern, then the final states', () => {
    const text = render(
      stopPlan(),
      result({
        viaPattern: [
          { topic: 'eu-1', pattern: 'eu-.*', state: '2 MIRRORING', notStopped: 2 },
          { topic: 'eu-2', pattern: 'eu-.*', state: '1 STOPPED', notStopped: 0 },
          { topic: 'eu-3', pattern: 'eu-.*', state: '1 FAILED, 1 STOPPED', notStopped: 1 },
        ],
        failed: [
          {
            topic: 'late',
            error: { code: 140, name: 'MIRROR_TOPIC_ALREADY_PAUSED', message: 'it is paused', hint: 'resume it' },
          },
        ],
        blocked: [{ topic: 'broken', reason: 'a partition is FAILED', partitions: [], causes: [] }],
        patterns: [{ pattern: 'eu-.*', matched: ['eu-1'], effect: 'already-excluded' }],
        final: [
          {
            topic: 'orders',
            partition: 0,
            state: 'STOPPED',
            retryAttempt: 0,
            errorMessage: null,
            destinationEndOffset: 42n,
          },
          {
            topic: 'orders',
            partition: 1,
            state: 'STOPPING',
            retryAttempt: 0,
            errorMessage: null,
            destinationEndOffset: null,
          },
        ],
      }),
    );
    const lines = text.split('\n');
    // orders-1 is still STOPPING: accepted, not "stopped".
    assert.equal(
      lines[0],
      'Stop accepted by the broker for 1 topic(s) in mirror m1 (not all partitions STOPPED yet; --wait waits for ' +
        'it): orders',
    );
    const all = render(
      stopPlan(),
      result({
        final: [0, 1].map((partition) => ({
          topic: 'orders',
          partition,
          state: 'STOPPED',
          retryAttempt: 0,
          errorMessage: null,
          destinationEndOffset: 42n,
        })),
      }),
    );
    assert.equal(all.split('\n')[0], 'Stopped mirroring for 1 topic(s) in mirror m1: orders');
    assert.ok(
      lines.some(
        (l) =>
          l ===
          'Stop requested through exclude pattern eu-.* (not in the request): eu-1; 2 partition(s) still MIRRORING',
      ),
    );
    assert.ok(lines.includes('Stopped through exclude pattern eu-.* (not in the request): eu-2'));
    assert.ok(
      lines.includes(
        'Stop requested through exclude pattern eu-.* (not in the request): eu-3; 1 partition(s) still FAILED; ' +
          'FAILED partitions ignore it: the topic stays read-only and mirrors again when the source returns',
      ),
    );
    assert.ok(!/Marked STOPPED/.test(text), 'never claims a stop that did not happen');
    assert.ok(lines.includes('Already STOPPED: done'));
    assert.ok(lines.includes('Already on its way to STOPPED (STOPPING): going'));
    assert.ok(lines.includes('Patterns saved to the mirror:'));
    assert.ok(lines.includes('  eu-.*: matches eu-1; already in mirror.topics.exclude (no change)'));
    assert.ok(lines.includes('Refused by the broker for 1 topic(s):'));
    assert.ok(lines.includes('  late: it is paused'));
    assert.ok(lines.includes('    Hint: resume it'));
    assert.ok(lines.includes('  broken: a partition is FAILED'));
    assert.match(text, /^TOPIC +PARTITION +STATE +DESTINATION END OFFSET$/m);
    assert.match(text, /^orders +0 +STOPPED +42 *$/m);
    assert.match(text, /^orders +1 +STOPPING +- *$/m);
    assert.match(lines.at(-1) ?? '', /^A partition stopped here ends one offset past the last record it copied/);
  });

  it('the end-offset note is left out when no partition in the table was stopped by this run', () => {
    // Stopped earlier: written since, so "one past the last copied record" would not be true of it.
    const text = render(
      stopPlan(),
      result({
        succeeded: [],
        noop: [{ topic: 'orders', state: '1 STOPPED' }],
        final: [
          {
            topic: 'orders',
            partition: 0,
            state: 'STOPPED',
            retryAttempt: 0,
            errorMessage: null,
            destinationEndOffset: 900n,
          },
        ],
      }),
    );
    assert.match(text, /^orders +0 +STOPPED +900 *$/m);
    assert.doesNotMatch(text, /ends one offset past/);
  });

  it('after a shown preview the patterns and blocked topics are not repeated; pause has no offset column', () => {
    const stop = render(
      stopPlan(),
      result({
        blocked: [{ topic: 'broken', reason: 'a partition is FAILED', partitions: [], causes: [] }],
        patterns: [{ pattern: 'eu-.*', matched: ['eu-1'], effect: 'add-to-exclude' }],
      }),
      { previewShown: true },
    );
    assert.match(stop, /\nPatterns saved to the mirror as shown above\./);
    assert.doesNotMatch(stop, /broken/);
    const pause = render(
      stopPlan({ spec: ACTION_SPECS.pause }),
      result({
        action: 'pause',
        final: [
          {
            topic: 'orders',
            partition: 0,
            state: 'PAUSED',
            retryAttempt: 0,
            errorMessage: null,
            destinationEndOffset: null,
          },
        ],
      }),
    );
    assert.doesNotMatch(pause, /DESTINATION END OFFSET|one offset past/);
    assert.match(pause, /^orders +0 +PAUSED *$/m);
    const nothing = render(
      stopPlan({ sendsRequest: false }),
      result({ succeeded: [], noop: [], requested: [], notInMirror: [] }),
    );
    assert.equal(nothing, 'No topic of mirror m1 matches; nothing was sent.');
  });

  it('a refusal after --wait (nothing waited for) shows no empty table header', () => {
    const plan = stopPlan({ spec: ACTION_SPECS.resume, send: [], sendsRequest: false });
    const blocked = [{ topic: 'broken', reason: '2 PAUSING', partitions: rows('PAUSING', 'PAUSING'), causes: [] }];
    const text = render(
      plan,
      result({ action: 'resume', sent: [], succeeded: [], noop: [], blocked, requested: ['broken'], final: [] }),
    );
    assert.match(text, /broken: 2 PAUSING/);
    assert.doesNotMatch(text, /TOPIC|PARTITION/);
  });

  it('the final table has an ERROR column only for a partition that is not mirroring again', () => {
    const row = (partition: number, state: string, errorMessage: string | null) => ({
      topic: 'orders',
      partition,
      state,
      retryAttempt: errorMessage === null ? 0 : 1,
      errorMessage,
      destinationEndOffset: null,
    });
    const healthy = render(
      stopPlan(),
      result({
        action: 'resume',
        final: [row(0, 'MIRRORING', 'Failed to get source metadata'), row(1, 'MIRRORING', null)],
      }),
    );
    assert.doesNotMatch(healthy, /ERROR|Failed to get source metadata/, 'a recovered partition shows no error');
    const failing = render(
      stopPlan(),
      result({ action: 'resume', final: [row(0, 'MIRRORING', 'old'), row(1, 'FAILED', 'Fetch IO error')] }),
    );
    assert.match(failing, /PARTITION {2}STATE +DESTINATION END OFFSET {2}ERROR\n/);
    assert.match(failing, /\n\S+ +1 {2}FAILED +- {2}Fetch IO error/);
    assert.doesNotMatch(failing, /old/);
  });
});
