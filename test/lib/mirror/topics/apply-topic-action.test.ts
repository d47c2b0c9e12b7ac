import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsettledError } from '../../../../src/lib/mirror/topics/apply-topic-action.js';
import type { TopicActionResult } from '../../../../src/lib/mirror/topics/topic-actions.js';

describe('topic actions after --wait', () => {
  const row = (partition: number, state: string) => ({
    topic: 't',
    partition,
    state,
    retryAttempt: -1,
    errorMessage: state === 'FAILED' ? 'boom' : null,
    destinationEndOffset: null,
  });
  const result = (final: TopicActionResult['final']) => ({ final }) as TopicActionResult;
  it('0 when every partition reached the target; 3 when some did; 1 when none did', () => {
    assert.equal(unsettledError(result(null), 'STOPPED'), null);
    assert.equal(unsettledError(result([row(0, 'STOPPED')]), 'STOPPED'), null);
    const some = unsettledError(result([row(0, 'STOPPED'), row(1, 'FAILED')]), 'STOPPED');
    assert.equal(some?.kind, 'partial');
    assert.equal(some?.message, '1 partition(s) did not reach STOPPED: t-1 FAILED (boom)');
    assert.equal(unsettledError(result([row(1, 'FAILED')]), 'STOPPED')?.kind, 'failed');
  });
});
