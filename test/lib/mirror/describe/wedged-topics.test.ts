// Which topics describe, check and --fail-on show as wedged (a stop the broker recorded or the stored
// exclude asks for, which the partitions never made), from a describe result and the mirror's listing.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findWedgedTopics } from '../../../../src/lib/mirror/describe/wedged-topics.js';
import { mirror, result as resultOf, row } from '../result-fixture.js';
import { type DescribeResult } from '../../../../src/lib/mirror/describe/describe-types.js';

function described(topics: Record<string, string[]>): DescribeResult {
  const rows = Object.fromEntries(
    Object.entries(topics).map(([name, states]) => [name, states.map((state, i) => row(i, { state }))]),
  );
  return resultOf(mirror('m1', rows));
}

describe('wedged topics', () => {
  const result = described({
    orders: ['STOPPED', 'MIRRORING'],
    refunds: ['FAILED', 'FAILED'],
    done: ['STOPPED'],
    stopping: ['STOPPING'],
    payments: ['FAILED'],
    audit: ['FAILED'],
    live: ['MIRRORING'],
  });
  const listed = new Map([['m1', new Set(['payments', 'audit', 'live'])]]);

  it('not listed for the mirror (recorded STOPPED) with FAILED or MIRRORING partitions: those partitions', () => {
    const wedged = findWedgedTopics(result, listed);
    assert.deepEqual(
      wedged.map((w) => [w.topic, w.why, w.partitions.map((p) => `${p.partition} ${p.state}`)]),
      [
        ['orders', 'recorded-stopped', ['1 MIRRORING']],
        ['refunds', 'recorded-stopped', ['0 FAILED', '1 FAILED']],
      ],
    );
    assert.match(wedged[0]?.recovery ?? '', /restart the destination brokers/);
    // Counted from what the brokers report, never assumed to be half (a restart stopped 0 of 2 once).
    assert.match(wedged[0]?.recovery ?? '', /the brokers report 1 of 2 partition\(s\) of orders STOPPED now/);
    assert.match(wedged[1]?.recovery ?? '', /the brokers report 0 of 2 partition\(s\) of refunds STOPPED now/);
    assert.doesNotMatch(wedged[1]?.recovery ?? '', /1 of 2/);
    assert.doesNotMatch(wedged[0]?.recovery ?? '', /run (kmirror )?remove-topics again/);
  });

  it('listed but matched by the stored exclude while FAILED; a MIRRORING one is left to the sync', () => {
    const wedged = findWedgedTopics(result, listed, new Map([['m1', /^(pay.*|live)$/]]));
    assert.deepEqual(
      wedged.filter((w) => w.why === 'excluded').map((w) => w.topic),
      ['payments'],
    );
    assert.match(wedged.find((w) => w.topic === 'payments')?.summary ?? '', /mirror\.topics\.exclude but not stopped/);
  });

  it('a mirror the listing does not know is left alone', () => {
    assert.deepEqual(findWedgedTopics(result, new Map()), []);
  });
});
