import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../src/lib/cli/command/deadline.js';
import { type EmulatedClusters, startEmulatedClusters } from '../../../src/lib/emulator/index.js';
import { createClient } from '../../../src/lib/kafka/connect.js';
import { UnsupportedByClusterError } from '../../../src/lib/kafka/errors.js';
import { ListClusterMirrors } from '../../../src/lib/kafka/messages/index.js';
import { ApiKeyMap, parseApiKeyOverrides } from '../../../src/lib/kafka/mirror-api-keys.js';

describe('API key maps are values, not process state', () => {
  const remapped = ApiKeyMap.parse('ListClusterMirrors=120');
  let prototype: EmulatedClusters | undefined;
  let renumbered: EmulatedClusters | undefined;
  before(async () => {
    [prototype, renumbered] = await Promise.all([
      startEmulatedClusters({ seed: 'keys-a', destination: { nodes: 1 } }),
      startEmulatedClusters({ seed: 'keys-b', destination: { nodes: 1 }, apiKeys: remapped }),
    ]);
  });
  after(async () => {
    await Promise.all([prototype?.close(), renumbered?.close()]);
  });

  const clientFor = (bootstrap: string, apiKeys?: ApiKeyMap) =>
    createClient(
      { bootstrap: bootstrap.split(','), clientId: 'keys-test', ...(apiKeys ? { apiKeys } : {}) },
      new Deadline(10_000),
    );

  it('two clients with different maps talk to two differently numbered clusters at once', async () => {
    const a = clientFor(prototype?.destination.bootstrap ?? '');
    const b = clientFor(renumbered?.destination.bootstrap ?? '', remapped);
    try {
      const [listedA, listedB] = await Promise.all([
        a.send(ListClusterMirrors, { IncludeTopicNames: false }),
        b.send(ListClusterMirrors, { IncludeTopicNames: false }),
      ]);
      assert.equal(listedA.ErrorCode, 0);
      assert.equal(listedB.ErrorCode, 0);
      assert.equal(a.apiKeys.keyOf(ListClusterMirrors), 98);
      assert.equal(b.apiKeys.keyOf(ListClusterMirrors), 120);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a client with the wrong map is told before sending that the API is missing', async () => {
    const wrong = clientFor(renumbered?.destination.bootstrap ?? '');
    try {
      await assert.rejects(
        wrong.send(ListClusterMirrors, { IncludeTopicNames: false }),
        (err: unknown) => err instanceof UnsupportedByClusterError && err.apiKey === 98,
      );
    } finally {
      await wrong.close();
    }
  });

  it('parses overrides and refuses clashes', () => {
    assert.deepEqual([...parseApiKeyOverrides('ListClusterMirrors=120')], [['ListClusterMirrors', 120]]);
    assert.throws(() => ApiKeyMap.parse('ListClusterMirrors=99'), /same key 99/);
  });
});
