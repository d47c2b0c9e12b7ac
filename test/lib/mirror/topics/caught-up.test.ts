import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters } from '../../../../src/lib/emulator/index.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import { ListOffsets } from '../../../../src/lib/kafka/messages/index.js';
import {
  catchUpProgress,
  caughtUpNote,
  notCaughtUpError,
  waitUntilCaughtUp,
} from '../../../../src/lib/mirror/topics/caught-up.js';
import { MirrorError } from '../../../../src/lib/mirror/core/errors.js';
import { createMirror, startTopics } from '../../../commands/describe-setup.js';
import { withoutKey } from '../../../helpers/without-api-key.js';

/** One topic's partitions 0 and 1, as the maps catchUpProgress reads. */
const orders = <V>(p0: V, p1: V): Map<string, Map<number, V>> =>
  new Map([
    [
      'orders',
      new Map([
        [0, p0],
        [1, p1],
      ]),
    ],
  ]);

const targets = orders(1000n, 500n);

describe('caught up (one definition for every --wait)', () => {
  it('needs MIRRORING and the destination end offset at or past the source end read when the wait began', () => {
    const progress = catchUpProgress(targets, orders('MIRRORING', 'MIRRORING'), orders(1000n, 499n));
    assert.equal(progress.done, 1);
    assert.deepEqual(progress.pending, [
      { topic: 'orders', partition: 1, state: 'MIRRORING', destinationEnd: 499n, target: 500n },
    ]);
  });

  it('a MIRRORING partition that reports lag 0 before its first fetch is not caught up', () => {
    // The prototype reports source/destination 0/0, lag 0, while the source holds 1,000 records.
    const progress = catchUpProgress(targets, orders('MIRRORING', 'MIRRORING'), orders(0n, 0n));
    assert.equal(progress.done, 0);
  });

  it('a partition past its target but not MIRRORING (FAILED, PAUSED) is not caught up', () => {
    const progress = catchUpProgress(targets, orders('FAILED', 'MIRRORING'), orders(2000n, 600n));
    assert.deepEqual(
      progress.pending.map((p) => [p.partition, p.state]),
      [[0, 'FAILED']],
    );
  });

  it('a wait that ended on a non-retryable FAILED partition names it with its cause and recovery', () => {
    const row = (partition: number, state: string, retryAttempt: number, errorMessage: string | null) => ({
      topic: 'orders',
      partition,
      state,
      retryAttempt,
      errorMessage,
      destinationEndOffset: 10n,
    });
    const message =
      'Source cluster ID changed for mirror m1: expected old-id, got new-id. This may indicate a misconfiguration.';
    const outcome = {
      done: 1,
      total: 2,
      pending: [{ topic: 'orders', partition: 1, state: 'FAILED', destinationEnd: 10n, target: 500n }],
      rows: [row(0, 'MIRRORING', 0, null), row(1, 'FAILED', -1, message)],
    };
    const error = notCaughtUpError('m1', outcome);
    assert.equal(error?.kind, 'partial');
    assert.match(
      error?.message ?? '',
      /^1 partition\(s\) of mirror 'm1' cannot catch up: orders-1 FAILED \(Source cluster ID changed/,
    );
    assert.match(error?.hint ?? '', /kmirror config set m1 mirror\.source\.cluster\.id=new-id/);
    assert.match(error?.hint ?? '', /restart the destination brokers/);
    assert.equal(notCaughtUpError('m1', { ...outcome, done: 2, pending: [] }), null);
    assert.match(caughtUpNote(outcome), /^Caught up: 2 partition\(s\); every partition is MIRRORING/);
  });
});

describe('waitUntilCaughtUp when the destination cannot give end offsets', () => {
  it("its hint says what the command did so far, not 'the topics were started' for every caller", async () => {
    const emulator = await startEmulatedClusters({
      seed: 'caught-up-hint',
      growthPerSec: 0,
      demoTopics: [{ name: 'orders', partitions: 1, initialOffset: 5n }],
    });
    const client = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 'caught-up-test' },
      new Deadline(20_000),
    );
    try {
      createMirror(emulator, 'm1');
      startTopics(emulator, 'm1', ['orders']);
      for (const n of emulator.destination.nodes)
        n.faults.mutateResponse('ApiVersions', withoutKey(ListOffsets.apiKey));
      const soFar = 'nothing was changed yet';
      const stopAfterOneLook = async (): Promise<void> => {
        throw new Error('waited instead of failing: ListOffsets was still offered');
      };
      await assert.rejects(
        waitUntilCaughtUp(client, 'm1', new Map([['orders', new Map([[0, 5n]])]]), stopAfterOneLook, soFar),
        (err: unknown) => err instanceof MirrorError && err.hint?.startsWith(`${soFar};`) === true,
      );
    } finally {
      await client.close();
      await emulator.close();
    }
  });
});
