import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFailure } from '../../../../src/lib/cli/failures/errors.js';
import { AnswerLostError } from '../../../../src/lib/kafka/errors.js';
import { TransportError } from '../../../../src/lib/kafka/transport.js';
import { MirrorError } from '../../../../src/lib/mirror/core/errors.js';
import {
  NotAppliedError,
  OutcomeUnknownError,
  type ReadBack,
  applied,
  conflict,
  notApplied,
  sendOrReadBack,
} from '../../../../src/lib/mirror/core/read-back.js';

const lost = () =>
  new AnswerLostError(
    'CreateClusterMirror',
    'b1:9092',
    new TransportError('closed', 'b1:9092', 'Closed connection', undefined, true),
  );

type State = Awaited<ReturnType<ReadBack<string>['read']>>;

function reader(states: readonly (State | Error)[]) {
  let reads = 0;
  const back: ReadBack<string> = {
    readWith: 'ListClusterMirrors',
    checkWith: 'kmirror list',
    read: async () => {
      const state = states[Math.min(reads++, states.length - 1)];
      if (state instanceof Error) throw state;
      return state as State;
    },
  };
  return { back, reads: () => reads };
}

const noSleep = async () => undefined;

describe('sendOrReadBack', () => {
  it('returns the answer when there is one, reading nothing', async () => {
    const { back, reads } = reader([applied('read')]);
    assert.equal(
      await sendOrReadBack(
        async () => 'answer',
        back,
        () => assert.fail('no warning'),
        noSleep,
      ),
      'answer',
    );
    assert.equal(reads(), 0);
  });

  it('a lost answer, applied: the read-back outcome and a warning saying how it was learnt', async () => {
    const warnings: string[] = [];
    const { back, reads } = reader([notApplied('not yet'), applied('read')]);
    const out = await sendOrReadBack(
      () => Promise.reject(lost()),
      back,
      (w) => warnings.push(w),
      noSleep,
    );
    assert.equal(out, 'read');
    assert.equal(reads(), 2, 'asked again while not in place');
    assert.deepEqual(warnings, [
      'CreateClusterMirror: applied; the answer was lost (Closed connection) and the state was read back ' +
        'with ListClusterMirrors',
    ]);
  });

  it('not applied after every read: NotAppliedError, exit 1, saying nothing changed', async () => {
    const { back, reads } = reader([notApplied('the mirror is not listed')]);
    const err = await sendOrReadBack(
      () => Promise.reject(lost()),
      back,
      () => undefined,
      noSleep,
    ).catch((e) => e);
    assert.ok(err instanceof NotAppliedError);
    assert.equal(reads(), 4);
    const failure = toFailure(err);
    assert.equal(failure.exitCode, 1);
    assert.match(failure.message, /shows it was not applied: the mirror is not listed$/);
    assert.match(failure.hint ?? '', /nothing was changed/);
  });

  it('a conflict found by the read-back is the error itself; a failed read-back is "unknown"', async () => {
    const real = new MirrorError('a mirror named x exists with other settings');
    const first = await sendOrReadBack(
      () => Promise.reject(lost()),
      reader([conflict(real)]).back,
      () => undefined,
      noSleep,
    ).catch((e) => e);
    assert.equal(first, real);
    const second = await sendOrReadBack(
      () => Promise.reject(lost()),
      reader([new Error('connection refused')]).back,
      () => undefined,
      noSleep,
    ).catch((e) => e);
    assert.ok(second instanceof OutcomeUnknownError);
    assert.match(
      second.message,
      /reading the state back with ListClusterMirrors failed too \(connection refused\): kmirror cannot tell/,
    );
    assert.match(second.hint ?? '', /kmirror list/);
  });

  it('any other failure passes through untouched', async () => {
    const other = new Error('refused');
    const err = await sendOrReadBack(
      () => Promise.reject(other),
      reader([applied('x')]).back,
      () => undefined,
      noSleep,
    ).catch((e) => e);
    assert.equal(err, other);
  });
});
