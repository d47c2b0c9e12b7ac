import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Authorizer } from '../../../../src/lib/emulator/state/acl.js';
import {
  pauseOnController,
  resumeOnController,
  stopOnController,
} from '../../../../src/lib/emulator/apis/stop-pause-resume.js';
import { createMirror, ctx, pair, run, startTopics, type Pair } from '../state/setup.js';

/** m1 mirrors a, b, c; m2 mirrors d; `plain` is a destination topic in no mirror. All MIRRORING. */
function mirroring(): Pair {
  const p = pair();
  for (const t of ['a', 'b', 'c', 'd']) p.source.createTopic(t, { partitions: 2 });
  p.destination.createTopic('plain', { partitions: 1 });
  createMirror(p, 'm1');
  createMirror(p, 'm2');
  startTopics(p, 'm1', ['a', 'b', 'c']);
  startTopics(p, 'm2', ['d']);
  run(p, 1000);
  return p;
}

const topics = (...names: string[]): { TopicName: string }[] => names.map((TopicName) => ({ TopicName }));

describe('StopMirrorTopics (§3 StopMirrorTopics)', () => {
  it('feature gate: 35, ErrorMessage null, Topics empty', () => {
    const p = pair({ mirrorVersion: 0 });
    assert.deepEqual(p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') }), {
      ThrottleTimeMs: 0,
      ErrorCode: 35,
      ErrorMessage: null,
      Topics: [],
    });
  });

  it('step 1: a topic missing from the image, or not MIRRORING/PAUSED, fails the request with 145', () => {
    const p = mirroring();
    assert.equal(
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a', 'ghost') }).ErrorCode,
      145,
    );
    assert.equal(
      p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a', 'plain') }).ErrorCode,
      145,
    );
    assert.equal(p.destination.topics.get('a')?.mirror?.desired, 'MIRRORING', 'nothing applied');
  });

  it('step 2: ALTER_CONFIGS missing on a listed topic gives 29 for the whole request', () => {
    const auth = new Authorizer({
      rules: [
        { principal: 'User:admin', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'CLUSTER', name: '*', operation: 'ALL' },
        { principal: 'User:admin', resourceType: 'TOPIC', name: '*', operation: 'ALL' },
        { principal: 'User:ops', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'ALTER' },
      ],
    });
    const p = pair({ authorizer: auth });
    p.source.createTopic('a', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['a']);
    run(p, 1000);
    assert.deepEqual(p.destination.stopMirrorTopics(ctx('User:ops'), { MirrorName: 'm1', Topics: topics('a') }), {
      ThrottleTimeMs: 0,
      ErrorCode: 29,
      ErrorMessage: null,
      Topics: [],
    });
    assert.equal(
      p.destination.stopMirrorTopics(ctx('User:eve'), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode,
      144,
    );
  });

  it('step 4: per topic 3 / 137 / 139 / 140 / OK, never copied to the top level', () => {
    const p = mirroring();
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('b') });
    run(p, 1000);
    // The broker would refuse 'ghost' and 'plain' with 145; the controller half answers per topic.
    const res = stopOnController(p.destination, ctx(), {
      MirrorName: 'm1',
      Topics: topics('ghost', 'plain', 'd', 'b', 'a'),
    });
    assert.deepEqual(res, {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Topics: [
        { Name: 'ghost', ErrorCode: 3, ErrorMessage: null },
        { Name: 'plain', ErrorCode: 137, ErrorMessage: null },
        { Name: 'd', ErrorCode: 139, ErrorMessage: null },
        { Name: 'b', ErrorCode: 140, ErrorMessage: null },
        { Name: 'a', ErrorCode: 0, ErrorMessage: null },
      ],
    });
    assert.equal(p.destination.topics.get('a')?.mirror?.desired, 'STOPPED');
  });

  it('step 3: each pattern is removed from include when present there, otherwise appended to exclude', () => {
    const p = mirroring();
    p.destination.incrementalAlterConfigs(ctx(), {
      ValidateOnly: false,
      Resources: [
        {
          ResourceType: 64,
          ResourceName: 'm1',
          Configs: [{ Name: 'mirror.topics.include', ConfigOperation: 0, Value: 'a,b,c,x-.*' }],
        },
      ],
    });
    const res = p.destination.stopMirrorTopics(ctx(), {
      MirrorName: 'm1',
      Topics: topics('a'),
      Patterns: ['x-.*', 'c'],
    });
    assert.equal(res.ErrorCode, 0);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'a,b');
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), '');
    const more = p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [], Patterns: ['b'] });
    assert.equal(more.ErrorCode, 0);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.include'), 'a');
    const excluded = p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: [], Patterns: ['c'] });
    assert.equal(excluded.ErrorCode, 0);
    assert.equal(p.destination.mirrors.config('m1', 'mirror.topics.exclude'), 'c');
    // Mirror topics matching the exclude list are switched to STOPPED.
    assert.equal(p.destination.topics.get('c')?.mirror?.desired, 'STOPPED');
  });
});

describe('PauseMirrorTopics (§3 PauseMirrorTopics)', () => {
  it('step 1: broker requires desired MIRRORING and every partition MIRRORING, else 145', () => {
    const p = pair();
    p.source.createTopic('a', { partitions: 1 });
    createMirror(p);
    startTopics(p, 'm1', ['a']);
    // Still UNKNOWN/LOG_TRUNCATION: not MIRRORING yet.
    assert.equal(p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode, 145);
  });

  it('step 3: paused topics are not listed; a STOPPED topic gets 142 "Topic \'<t>\' is in STOPPED state"', () => {
    const p = mirroring();
    const res = p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') });
    assert.deepEqual(res, { ThrottleTimeMs: 0, ErrorCode: 0, ErrorMessage: null, Topics: [] });
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('c') });
    const ctl = pauseOnController(p.destination, ctx(), { MirrorName: 'm1', Topics: topics('c', 'a', 'd', 'ghost') });
    assert.deepEqual(ctl.Topics, [
      { Name: 'c', ErrorCode: 142, ErrorMessage: "Topic 'c' is in STOPPED state" },
      { Name: 'a', ErrorCode: 0, ErrorMessage: null },
      { Name: 'd', ErrorCode: 139, ErrorMessage: null },
      { Name: 'ghost', ErrorCode: 3, ErrorMessage: null },
    ]);
    assert.equal(ctl.ErrorCode, 0, 'per-topic errors are not copied to the top level');
  });
});

describe('ResumeMirrorTopics (§3 ResumeMirrorTopics)', () => {
  it('step 1: broker requires desired PAUSED and every partition PAUSED, else 145', () => {
    const p = mirroring();
    p.destination.pauseMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') });
    // Desired PAUSED but partitions still MIRRORING until the engine runs.
    assert.equal(p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode, 145);
    run(p, 1000);
    assert.deepEqual(p.destination.resumeMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('a') }), {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Topics: [],
    });
    assert.equal(p.destination.topics.get('a')?.mirror?.desired, 'MIRRORING');
  });

  it('step 3: already MIRRORING is listed with Name ""; STOPPED gets 141 "Topic \'<t>\' is in STOPPED state"', () => {
    const p = mirroring();
    p.destination.stopMirrorTopics(ctx(), { MirrorName: 'm1', Topics: topics('c') });
    const res = resumeOnController(p.destination, ctx(), { MirrorName: 'm1', Topics: topics('a', 'c', 'plain') });
    assert.deepEqual(res, {
      ThrottleTimeMs: 0,
      ErrorCode: 0,
      ErrorMessage: null,
      Topics: [
        { Name: '', ErrorCode: 0, ErrorMessage: null },
        { Name: 'c', ErrorCode: 141, ErrorMessage: "Topic 'c' is in STOPPED state" },
        { Name: 'plain', ErrorCode: 137, ErrorMessage: null },
      ],
    });
  });

  it('sent straight to a controller: 42 after the ALTER check', () => {
    const p = mirroring();
    assert.equal(
      p.destination.resumeMirrorTopics(ctx('User:admin', 1, true), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode,
      42,
    );
    assert.equal(
      p.destination.pauseMirrorTopics(ctx('User:admin', 1, true), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode,
      42,
    );
    assert.equal(
      p.destination.stopMirrorTopics(ctx('User:admin', 1, true), { MirrorName: 'm1', Topics: topics('a') }).ErrorCode,
      42,
    );
  });
});
