import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import type { ConnectionConfig } from '../../../../src/lib/connection/connection-config.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../../../src/lib/emulator/index.js';
import type { KafkaClient } from '../../../../src/lib/kafka/client.js';
import { createClient } from '../../../../src/lib/kafka/connect.js';
import {
  brokerSourceView,
  checkSources,
  clusterIdProbe,
  type SourceCheckPolicy,
  sourceReachText,
} from '../../../../src/lib/mirror/core/source-check.js';

const ADMIN = { principal: 'User:admin', nodeId: 1 };

function mirrorTo(emulator: EmulatedClusters, name: string, bootstrap: string): void {
  const config = [
    { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
    { Name: 'bootstrap.servers', Value: bootstrap },
  ];
  const response = emulator.destination.cluster.createClusterMirror(ADMIN, { MirrorName: name, Config: config });
  if (response.ErrorCode !== 0) throw new Error(`CreateClusterMirror ${name}: ${response.ErrorCode}`);
}

describe('source check: one policy for reaching a mirror source from this machine', () => {
  let emulator: EmulatedClusters;
  let destination: KafkaClient | undefined;
  // Accepts connections and never answers: a source that hangs rather than refuses.
  let silent: Server;
  let silentPort = 0;
  const sockets: Socket[] = [];
  const opened: KafkaClient[] = [];
  const policy = (over: Partial<SourceCheckPolicy> = {}): SourceCheckPolicy => ({
    enabled: true,
    budgetMs: 1000,
    access: {},
    openSource: async (settings: ConnectionConfig, ms: number) => {
      const client = createClient(settings, new Deadline(ms));
      opened.push(client);
      return client;
    },
    warn: () => undefined,
    ...over,
  });

  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'source-check', demoTopics: true, growthPerSec: 0 });
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
    mirrorTo(emulator, 'up', emulator.source.bootstrap);
    mirrorTo(emulator, 'hangs', `127.0.0.1:${silentPort}`);
    destination = createClient(
      { bootstrap: emulator.destination.bootstrap.split(','), clientId: 't' },
      new Deadline(20_000),
    );
  });
  after(async () => {
    await destination?.close();
    await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await emulator.close();
  });

  it('asks every source in parallel and says which answered, which did not, and which had no settings', async () => {
    const answers = await checkSources(
      destination as KafkaClient,
      [
        { mirror: 'up', needs: ['explain-failed'] },
        { mirror: 'hangs', needs: ['explain-failed'] },
        // Stored settings handed in by the caller, here without bootstrap.servers.
        { mirror: 'nowhere', needs: ['explain-failed'], stored: new Map() },
      ],
      clusterIdProbe,
      policy(),
    );
    assert.deepEqual(
      answers.map((a) => [a.mirror, a.status]),
      [
        ['up', 'answered'],
        ['hangs', 'no-answer'],
        ['nowhere', 'no-settings'],
      ],
    );
    const up = answers[0];
    assert.ok(up?.status === 'answered');
    assert.equal(up.facts.clusterId, emulator.source.clusterId);
    const hangs = answers[1];
    assert.ok(hangs?.status === 'no-answer');
    assert.deepEqual(hangs.bootstrap, [`127.0.0.1:${silentPort}`]);
  });

  it('contacts nothing with --no-source-check, nor a mirror with nothing to decide', async () => {
    let opens = 0;
    const counting = policy({
      openSource: async (settings, ms) => {
        opens++;
        return policy().openSource(settings, ms);
      },
    });
    const none = await checkSources(
      destination as KafkaClient,
      [{ mirror: 'up', needs: ['confirm-zero-lag'] }],
      clusterIdProbe,
      { ...counting, enabled: false },
    );
    assert.deepEqual(none, [{ mirror: 'up', status: 'not-checked', reason: 'no-source-check' }]);
    const idle = await checkSources(
      destination as KafkaClient,
      [{ mirror: 'up', needs: [] }],
      clusterIdProbe,
      counting,
    );
    assert.deepEqual(idle, [{ mirror: 'up', status: 'not-checked', reason: 'nothing-to-decide' }]);
    assert.equal(opens, 0);
  });

  it('--source-profile replaces the stored settings', async () => {
    const answers = await checkSources(
      destination as KafkaClient,
      [{ mirror: 'hangs', needs: ['compare-topic-ids'] }],
      clusterIdProbe,
      policy({ access: { sourceProfile: { bootstrap: emulator.source.bootstrap.split(','), clientId: 'p' } } }),
    );
    assert.equal(answers[0]?.status, 'answered');
  });
});

describe('source check: the brokers view beside this machine', () => {
  const failed = { state: 'FAILED', retryAttempt: 1, errorMessage: 'No endpoint info in fetch response' };
  const mirroring = { state: 'MIRRORING', retryAttempt: 0, errorMessage: null };
  it('reads the brokers view from the partition states', () => {
    assert.equal(brokerSourceView([mirroring, failed]), 'fetching');
    assert.equal(brokerSourceView([failed, { ...failed, retryAttempt: 2, errorMessage: null }]), 'failing');
    assert.equal(brokerSourceView([{ state: 'STOPPED', retryAttempt: 0, errorMessage: null }]), 'unknown');
  });

  it('"does not answer from this machine" is not proof the brokers cannot reach it: both are said', () => {
    const answer = { mirror: 'm1', status: 'no-answer', bootstrap: ['a:1'], message: 'ECONNREFUSED' } as const;
    assert.equal(
      sourceReachText(answer, 'fetching'),
      'the source of mirror m1 (a:1) does not answer from this machine (ECONNREFUSED), but the destination ' +
        'brokers are mirroring from it: they reach it, this machine does not',
    );
    assert.match(sourceReachText(answer, 'failing') ?? '', /FAILED too$/);
    assert.match(sourceReachText(answer, 'unknown') ?? '', /not known from here$/);
    const up = { mirror: 'm1', status: 'answered', bootstrap: ['a:1'], facts: null } as const;
    assert.match(sourceReachText(up, 'failing') ?? '', /answers from this machine, but the destination brokers/);
    assert.equal(sourceReachText({ mirror: 'm1', status: 'not-checked', reason: 'no-source-check' }, 'failing'), null);
  });
});
