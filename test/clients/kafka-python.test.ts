// kafka-python 2.0.2 (Debian 12's python3-kafka) against the playground, plain and --secure
// (SASL/SCRAM over TLS): a KafkaProducer writes, an assign()ed KafkaConsumer reads the records back
// at their offsets on both clusters, and a mirrored topic reads on the destination as on the source.
// kafka-python 2.0.2 has no idempotent or transactional producer and no read_committed consumer.

import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { startPlayground, type RunningPlayground } from '../../src/lib/emulator/playground.js';
import { startMirror } from './mirror-setup.js';
import {
  DEBIAN_PYTHON,
  KAFKA_PYTHON_PROBE,
  describeRun,
  describeWithTool,
  probeKafkaPython,
  runTool,
} from './tools.js';

const kafkaPython = await probeKafkaPython();

interface ProbeAnswer {
  readonly delivered: number[];
  readonly consumed: [number, string][];
  readonly api_version: number[];
}

function settings(pg: RunningPlayground, bootstrap: string): Record<string, string> {
  const security = pg.info.security;
  const base = { bootstrap_servers: bootstrap };
  if (!security) return base;
  return {
    ...base,
    security_protocol: 'SASL_SSL',
    sasl_mechanism: security.saslMechanisms[0] ?? 'PLAIN',
    sasl_plain_username: security.username,
    sasl_plain_password: security.password,
    ssl_cafile: security.caPath,
  };
}

async function probe(pg: RunningPlayground, bootstrap: string, request: object): Promise<ProbeAnswer> {
  const stdin = JSON.stringify({ config: settings(pg, bootstrap), partition: 0, ...request });
  const result = await runTool(DEBIAN_PYTHON, [KAFKA_PYTHON_PROBE], { stdin, killAfterMs: 60_000 });
  assert.equal(result.code, 0, describeRun('kafka_python_probe.py', result));
  return JSON.parse(result.stdout) as ProbeAnswer;
}

for (const secure of [false, true]) {
  const mode = secure ? '--secure' : 'plain';

  describeWithTool(kafkaPython, `kafka-python produces and consumes on the playground (${mode})`, () => {
    let pg: RunningPlayground;
    before(async () => {
      pg = await startPlayground({ seed: `records-kafka-python-${mode}`, secure });
    });
    after(async () => {
      await pg.close();
    });

    for (const role of ['source', 'destination'] as const) {
      it(`KafkaProducer writes, an assign()ed KafkaConsumer reads the records back (${role})`, async () => {
        const handle = pg.clusters[role];
        handle.cluster.createTopic('kp-records', { partitions: 1 });
        const answer = await probe(pg, handle.bootstrap, {
          topic: 'kp-records',
          produce: ['one', 'two', 'three'],
          read: 3,
          from: 0,
        });
        assert.deepEqual(answer.delivered, [0, 1, 2]);
        assert.deepEqual(answer.consumed, [
          [0, 'one'],
          [1, 'two'],
          [2, 'three'],
        ]);
        // What kafka-python inferred from ApiVersions (Produce v8, Fetch v11, no DescribeClientQuotas).
        assert.deepEqual(answer.api_version, [2, 4, 0]);
      });
    }

    it('a mirrored topic reads on the destination as on the source, offset for offset', async () => {
      const { source, destination } = pg.clusters;
      startMirror(source, destination, 'kafka-python', ['orders-eu']);
      for (let i = 0; i < 300 && destination.cluster.endOffset('orders-eu', 0) < 20n; i++) await sleep(100);
      const read = { topic: 'orders-eu', produce: [], read: 20, from: 0 };
      const fromSource = await probe(pg, source.bootstrap, read);
      const fromDestination = await probe(pg, destination.bootstrap, read);
      assert.equal(fromDestination.consumed.length >= 20, true);
      assert.deepEqual(fromDestination.consumed.slice(0, 20), fromSource.consumed.slice(0, 20));
    });
  });
}
