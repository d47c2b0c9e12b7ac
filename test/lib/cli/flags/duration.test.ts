import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration } from '../../../../src/lib/cli/flags/duration.js';
import { UsageError } from '../../../../src/lib/cli/failures/errors.js';
import { formatDuration } from '../../../../src/lib/text/durations.js';

describe('parseDuration', () => {
  it('reads units and bare seconds', () => {
    assert.equal(parseDuration('30s'), 30_000);
    assert.equal(parseDuration('2m'), 120_000);
    assert.equal(parseDuration('1500ms'), 1500);
    assert.equal(parseDuration('1h'), 3_600_000);
    assert.equal(parseDuration('45'), 45_000);
    assert.equal(parseDuration('1.5s'), 1500);
    assert.equal(parseDuration(' 1m30s '), 90_000);
    assert.equal(parseDuration('2M'), 120_000);
  });

  it('rejects everything else with a UsageError naming the flag', () => {
    for (const bad of ['', 'abc', '10x', '-5s', '0', '0s', '1d', '1m1m', '5 s', 's', '1e3', '9999h']) {
      assert.throws(
        () => parseDuration(bad, '--wait'),
        (err: unknown) => {
          assert.ok(err instanceof UsageError, `'${bad}' should be a UsageError`);
          assert.match(err.message, /--wait/);
          assert.match(err.hint ?? '', /30s/);
          return true;
        },
      );
    }
  });
});

describe('formatDuration', () => {
  it('is readable', () => {
    assert.equal(formatDuration(1500), '1.5s');
    assert.equal(formatDuration(30_000), '30s');
    assert.equal(formatDuration(90_000), '1m30s');
    assert.equal(formatDuration(3_600_000), '1h');
    assert.equal(formatDuration(250), '250ms');
  });
});
