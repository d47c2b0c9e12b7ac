// A broker that breaks framing: every bad frame is a ProtocolViolationError naming the broker and
// the API, raised at once (not after the timeout), and the next request works on a new connection.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters } from '../../../src/lib/emulator/index.js';
import type { EmulatedClusters } from '../../../src/lib/emulator/index.js';
import { createClient } from '../../../src/lib/kafka/connect.js';
import { ListClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
import { ProtocolViolationError } from '../../../src/lib/kafka/protocol-violation.js';
import { HOSTILE_FRAMES } from '../../helpers/hostile-frames.js';

describe('hostile response frames', () => {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'hostile-frames', destination: { nodes: 1 } });
  });
  after(async () => emulator?.close());
  const node = () => {
    const n = emulator?.destination.nodes[0];
    assert.ok(n);
    return n;
  };

  for (const api of ['ApiVersions', 'ListClusterMirrors']) {
    for (const [name, { mutate, kind }] of Object.entries(HOSTILE_FRAMES)) {
      it(`${api}: ${name} is a ${kind} violation at once, and the next request uses a new connection`, async () => {
        const bootstrap = emulator?.destination.bootstrap ?? '';
        const client = createClient({ bootstrap: [bootstrap], clientId: 'hostile' }, new Deadline(20_000));
        const rule = node().faults.mutateResponse(api, mutate, { times: 1 });
        try {
          const started = Date.now();
          await assert.rejects(client.send(ListClusterMirrors, {}), (err: unknown) => {
            assert.ok(err instanceof ProtocolViolationError, `got ${String(err)}`);
            assert.equal(err.kind, kind);
            assert.equal(err.apiName, api);
            assert.match(err.message, new RegExp(`broker 127\\.0\\.0\\.1:\\d+ sent a malformed ${api} response`));
            return true;
          });
          assert.ok(Date.now() - started < 3000, `raised after ${Date.now() - started} ms, not at once`);
          assert.equal(rule.fired, 1);
          const answer = await client.send(ListClusterMirrors, {});
          assert.equal(answer.ErrorCode, 0);
        } finally {
          rule.remove();
          await client.close();
        }
      });
    }
  }

  it('takes the size limit from the settings', async () => {
    const bootstrap = emulator?.destination.bootstrap ?? '';
    const client = createClient(
      { bootstrap: [bootstrap], clientId: 'hostile', maxResponseBytes: 16 },
      new Deadline(20_000),
    );
    try {
      await assert.rejects(client.send(ListClusterMirrors, {}), /exceeds the limit of 16 bytes/);
    } finally {
      await client.close();
    }
  });
});
