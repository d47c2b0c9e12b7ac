// Issue 32 item 7: a state change answered REQUEST_TIMED_OUT may have been applied (the broker gave up
// waiting, not the change), so it is an unknown outcome, read back like a lost answer, never sent again
// and never met with a bare "retry".

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type FaultRule } from '../../src/lib/emulator/index.js';
import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import { errors } from '../../src/lib/kafka/error-codes.js';
import { decodeResponseFrame, encodeResponseFrame } from '../../src/lib/kafka/frames.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { runCli } from '../helpers/in-process-cli.js';

/** The handled request's answer with REQUEST_TIMED_OUT as its top-level code: applied, yet "timed out". */
function timedOutAnswer(frame: Buffer, { api, version }: { api: ApiDefinition; version: number }): Buffer {
  const { correlationId, body } = decodeResponseFrame<Record<string, unknown>>(api, version, frame.subarray(4));
  return encodeResponseFrame(api, version, correlationId, { ...body, ErrorCode: errors.REQUEST_TIMED_OUT.code });
}

describe('a change answered REQUEST_TIMED_OUT', () => {
  let emulator: EmulatedClusters;
  let calls = 0;
  let rules: FaultRule[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'timed-out-changes',
      destination: { nodes: 2 },
      growthPerSec: 0,
      timing: INSTANT_START,
    });
  });
  after(async () => {
    for (const rule of rules) rule.remove();
    await emulator.close();
  });
  const create = (name: string) =>
    runCli([
      'create',
      name,
      '--source-bootstrap',
      emulator.source.bootstrap,
      '-b',
      emulator.destination.bootstrap,
      '--timeout',
      '20s',
    ]);

  it('applied by the broker: read back, reported applied, sent once; exit 0', async () => {
    rules = emulator.destination.nodes.map((n) =>
      n.faults.mutateResponse('CreateClusterMirror', (frame, response) => {
        calls++;
        return timedOutAnswer(frame, response);
      }),
    );
    const result = await create('m-timed-out');
    for (const rule of rules) rule.remove();
    assert.equal(calls, 1, 'sent once, not again');
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /Warning: CreateClusterMirror: applied; the answer was lost \(.*REQUEST_TIMED_OUT|error 7/,
    );
    assert.ok(emulator.destination.cluster.mirrors.exists('m-timed-out'));
  });

  it('not applied: read back, "nothing was changed", not a bare retry', async () => {
    rules = emulator.destination.nodes.map((n) =>
      n.faults.failWith('CreateClusterMirror', errors.REQUEST_TIMED_OUT.code, { times: Infinity }),
    );
    const result = await create('m-never');
    for (const rule of rules) rule.remove();
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /shows it was not applied/);
    assert.match(result.stderr, /nothing was changed/);
    assert.equal(emulator.destination.cluster.mirrors.exists('m-never'), false);
  });
});
