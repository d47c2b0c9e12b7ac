// When kmirror failback counts a partition on A as done (§18): MIRRORING after the FAILED metadata
// refresh, with a fetch answered; never at the first MIRRORING, when A still holds the records about
// to be cut.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FAILBACK_SETTLE_POLLS, failbackSettled } from '../../../src/lib/mirror/failback-settled.js';
import type { PartitionRow } from '../../../src/lib/mirror/lag.js';

function row(state: string, sourceOffset: bigint | null, destinationOffset: bigint | null): PartitionRow {
  return {
    partition: 0,
    sourceOffset,
    destinationOffset,
    lag: null,
    state,
    retryAttempt: 0,
    errorMessage: null,
  };
}

describe('failbackSettled', () => {
  it('not at the first MIRRORING, nor during the first fetch after the FAILED step (source offset 0)', () => {
    assert.equal(failbackSettled(['LOG_TRUNCATION', 'MIRRORING'], row('MIRRORING', null, null), 1), false);
    const states = ['LOG_TRUNCATION', 'MIRRORING', 'FAILED', 'MIRRORING'];
    assert.equal(failbackSettled(states, row('MIRRORING', 0n, 130n), 1), false);
    assert.equal(failbackSettled(states, row('MIRRORING', 121n, 121n), 2), true);
  });

  it('a broker that skips the FAILED step: done after the settle polls', () => {
    const states = ['LOG_TRUNCATION', 'MIRRORING'];
    assert.equal(failbackSettled(states, row('MIRRORING', 5n, 5n), FAILBACK_SETTLE_POLLS - 1), false);
    assert.equal(failbackSettled(states, row('MIRRORING', 5n, 5n), FAILBACK_SETTLE_POLLS), true);
  });
});
