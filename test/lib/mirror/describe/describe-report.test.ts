import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kafkaError } from '../../../../src/lib/kafka/error-codes.js';
import {
  describeOutcomeError,
  describeWarnings,
  mapReportText,
} from '../../../../src/lib/mirror/describe/describe-report.js';
import { summarize, type PartitionRow } from '../../../../src/lib/mirror/describe/lag.js';
import type { MirrorDescription } from '../../../../src/lib/mirror/describe/describe-types.js';
import type { DescribeReport } from '../../../../src/lib/mirror/describe/describe-report.js';

const row = (partition: number, errorMessage: string | null): PartitionRow => ({
  partition,
  sourceOffset: null,
  destinationOffset: null,
  lag: null,
  state: errorMessage ? 'FAILED' : 'MIRRORING',
  retryAttempt: 0,
  errorMessage,
});

describe('mapReportText (masking a describe report)', () => {
  it('maps error messages and broker warnings only, and shares the topics it leaves alone', () => {
    const quiet = { name: 'quiet', summary: summarize([row(0, null)]), partitions: [row(0, null)] };
    const loud = { name: 'loud', summary: summarize([row(0, 'pw=1')]), partitions: [row(0, 'pw=1'), row(1, null)] };
    const report: DescribeReport = {
      mirrors: [{ name: 'm1', summary: summarize([]), topics: [quiet, loud] }],
      notFound: [],
      errors: [],
      brokerWarnings: [{ broker: 'b1', nodeId: 1, errorCode: null, message: 'pw=2' }],
      retryMaxAttempts: null,
      failureCauses: [],
      unavailable: [],
      wedged: [],
      missingPartitions: [],
    };
    const mapped = mapReportText(report, (text) => text.toUpperCase());
    const topics = mapped.mirrors[0]?.topics ?? [];
    assert.equal(topics[0], quiet, 'an untouched topic is the same object');
    assert.deepEqual(
      topics[1]?.partitions.map((p) => p.errorMessage),
      ['PW=1', null],
    );
    assert.equal(mapped.brokerWarnings[0]?.message, 'PW=2');
    assert.equal(report.brokerWarnings[0]?.message, 'pw=2', 'the input is not changed');
    assert.equal(topics[1]?.name, 'loud');
  });
});

const mirror: MirrorDescription = {
  name: 'm1',
  summary: { partitions: 0, states: {}, totalLag: 0n, maxLag: null, lagUnknown: 0, failing: 0 },
  topics: [],
};
const report = (over: Partial<DescribeReport> = {}): DescribeReport => ({
  mirrors: [mirror],
  notFound: [],
  errors: [],
  brokerWarnings: [],
  retryMaxAttempts: null,
  failureCauses: [],
  unavailable: [],
  wedged: [],
  missingPartitions: [],
  ...over,
});
const brokerDown = { broker: 'b2:9092', nodeId: 2, message: 'connection refused', errorCode: null };

describe('describe exit rule', () => {
  it('0 for a complete view; 6 for unknown names, which wins over an incomplete view', () => {
    assert.equal(describeOutcomeError(report()), null);
    assert.equal(describeOutcomeError(report({ notFound: ['x'] }))?.kind, 'not-found');
    const two = describeOutcomeError(report({ notFound: ['x', 'y'], brokerWarnings: [brokerDown] }));
    assert.equal(two?.kind, 'not-found');
    assert.equal(two?.message, 'mirrors not found: x, y');
  });

  it("3 when a broker is missing or a mirror refused; the error's own code when every mirror was refused", () => {
    assert.equal(describeOutcomeError(report({ brokerWarnings: [brokerDown] }))?.kind, 'partial');
    const refused = describeOutcomeError(report({ mirrors: [], errors: [{ name: 'm1', errorCode: 144 }] }));
    assert.equal(refused?.kind, 'denied');
  });

  it('the first --watch refresh judges the names alone', () => {
    assert.equal(describeOutcomeError(report({ brokerWarnings: [brokerDown] }), { namesOnly: true }), null);
    assert.equal(describeOutcomeError(report({ notFound: ['x'] }), { namesOnly: true })?.kind, 'not-found');
  });

  it('warns about each missing broker and each refused mirror', () => {
    const warnings = describeWarnings(
      report({ brokerWarnings: [brokerDown], errors: [{ name: 'm2', errorCode: 144 }] }),
    );
    assert.deepEqual(warnings, [
      'broker b2:9092: connection refused (its partitions may be missing from this view)',
      `mirror 'm2': CLUSTER_MIRROR_AUTHORIZATION_FAILED (${kafkaError(144).message})`,
    ]);
  });
});
