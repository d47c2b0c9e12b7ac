// The emulator judged by an independent client: kafkajs (kmirror's transport) must connect,
// authenticate and run its admin calls against it in every security mode.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Kafka, logLevel, type KafkaConfig } from 'kafkajs';
import {
  startEmulatedClusters,
  unsecuredJwt,
  type EmulatedClusters,
  type EmulatorOptions,
} from '../../../../src/lib/emulator/index.js';

async function withAdmin(
  options: EmulatorOptions,
  config: (emulator: EmulatedClusters) => Partial<KafkaConfig>,
  run: (admin: ReturnType<Kafka['admin']>, emulator: EmulatedClusters) => Promise<void>,
): Promise<void> {
  const emulator = await startEmulatedClusters(options);
  const admin = new Kafka({
    clientId: 'interop',
    brokers: emulator.destination.bootstrap.split(','),
    logLevel: logLevel.NOTHING,
    ...config(emulator),
  }).admin();
  try {
    await admin.connect();
    await run(admin, emulator);
  } finally {
    await admin.disconnect();
    await emulator.close();
  }
}

async function basics(admin: ReturnType<Kafka['admin']>, emulator: EmulatedClusters): Promise<void> {
  const cluster = await admin.describeCluster();
  assert.equal(cluster.clusterId, emulator.destination.clusterId);
  assert.deepEqual(cluster.brokers.map((b) => b.port).sort(), emulator.destination.nodes.map((n) => n.port).sort());
  assert.equal(await admin.createTopics({ topics: [{ topic: 'interop', numPartitions: 4 }] }), true);
  const offsets = await admin.fetchTopicOffsets('interop');
  assert.equal(offsets.length, 4);
}

describe('kafkajs against the emulator', () => {
  it('PLAINTEXT', async () => {
    await withAdmin({}, () => ({}), basics);
  });

  it('SASL/PLAIN and SASL/SCRAM-SHA-256', async () => {
    const users = { alice: 'alice-pw' };
    await withAdmin(
      { sasl: { users } },
      () => ({ sasl: { mechanism: 'plain', username: 'alice', password: 'alice-pw' } }),
      basics,
    );
    await withAdmin(
      { sasl: { users } },
      () => ({ sasl: { mechanism: 'scram-sha-256', username: 'alice', password: 'alice-pw' } }),
      basics,
    );
  });

  it('SASL/OAUTHBEARER with an unsecured JWT', async () => {
    await withAdmin(
      { sasl: true },
      () => ({
        sasl: { mechanism: 'oauthbearer', oauthBearerProvider: async () => ({ value: unsecuredJwt('kmirror') }) },
      }),
      basics,
    );
  });

  it('rejects a wrong SCRAM password', async () => {
    const emulator = await startEmulatedClusters({ sasl: { users: { alice: 'alice-pw' } } });
    const admin = new Kafka({
      clientId: 'interop',
      brokers: [emulator.source.bootstrap],
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      sasl: { mechanism: 'scram-sha-512', username: 'alice', password: 'nope' },
    }).admin();
    try {
      await assert.rejects(admin.connect(), /SASL SCRAM SHA512 authentication failed|Authentication failed/);
    } finally {
      await admin.disconnect();
      await emulator.close();
    }
  });

  it('SSL with client certificates', async () => {
    await withAdmin(
      { tls: { requireClientCert: true } },
      (emulator) => ({
        ssl: {
          ca: [emulator.security.tls?.caPem ?? ''],
          cert: readFileSync(emulator.security.tls?.clientCertPath ?? ''),
          key: readFileSync(emulator.security.tls?.clientKeyPath ?? ''),
        },
      }),
      basics,
    );
  });
});
