// Records through the playground, judged by clients written by others: kcat and confluent-kafka
// (librdkafka 2.0.2, as Debian 12 ships them) produce to and consume from both clusters, plain and
// --secure, with partition assignment (no group membership). A mirrored topic reads the same on
// both sides, offset for offset, and refuses a write on the destination (READ_ONLY_TOPIC).

import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { startPlayground, type RunningPlayground } from '../../src/lib/emulator/playground.js';
import {
  DEBIAN_PYTHON,
  RECORDS_PROBE,
  TXN_PROBE,
  describeRun,
  describeWithTool,
  probeConfluentKafka,
  probeKcat,
  runTool,
} from './tools.js';
import { startMirror } from './mirror-setup.js';

const kcat = await probeKcat();
const confluentKafka = await probeConfluentKafka();
const ROLES = ['source', 'destination'] as const;

/** librdkafka settings for the playground: nothing for plain, SASL/PLAIN over TLS for --secure. */
function librdkafkaSettings(pg: RunningPlayground): Record<string, string> {
  const security = pg.info.security;
  if (!security) return {};
  // PLAIN, not the playground's SCRAM: librdkafka 2.0.2 cannot do SCRAM against Kafka 4 (SKIPPED.md).
  return {
    'security.protocol': 'SASL_SSL',
    'sasl.mechanisms': 'PLAIN',
    'sasl.username': security.username,
    'sasl.password': security.password,
    'ssl.ca.location': security.caPath,
  };
}

function kcatArgs(pg: RunningPlayground, bootstrap: string, args: string[]): string[] {
  return ['-b', bootstrap, ...Object.entries(librdkafkaSettings(pg)).flatMap(([k, v]) => ['-X', `${k}=${v}`]), ...args];
}

async function kcatOk(pg: RunningPlayground, bootstrap: string, args: string[], stdin?: string): Promise<string> {
  const result = await runTool('kcat', kcatArgs(pg, bootstrap, args), stdin === undefined ? {} : { stdin });
  assert.equal(result.code, 0, describeRun(`kcat ${args.join(' ')}`, result));
  return result.stdout;
}

/** Mirrors a demo topic into the destination and waits until the destination holds `atLeast` records of partition 0. */
async function mirrorTopic(pg: RunningPlayground, topic: string, atLeast: bigint): Promise<void> {
  const { source, destination } = pg.clusters;
  startMirror(source, destination, 'records', [topic]);
  for (let i = 0; i < 300 && destination.cluster.endOffset(topic, 0) < atLeast; i++) await sleep(100);
  assert.ok(destination.cluster.endOffset(topic, 0) >= atLeast, 'the destination caught up');
}

for (const secure of [false, true]) {
  const mode = secure ? '--secure' : 'plain';

  describeWithTool(kcat, `kcat produces and consumes on the playground (${mode})`, () => {
    let pg: RunningPlayground;
    before(async () => {
      pg = await startPlayground({ seed: `records-kcat-${mode}`, secure });
    });
    after(async () => {
      await pg.close();
    });

    for (const role of ROLES) {
      it(`kcat -P, then kcat -C -p 0 reads the records back at their offsets (${role})`, async () => {
        const handle = pg.clusters[role];
        handle.cluster.createTopic('kcat-records', { partitions: 2, replicationFactor: 1 });
        await kcatOk(pg, handle.bootstrap, ['-P', '-t', 'kcat-records', '-p', '1'], 'alpha\nbeta\ngamma\n');
        assert.equal(handle.cluster.endOffset('kcat-records', 1), 3n);
        const out = await kcatOk(pg, handle.bootstrap, [
          '-C',
          '-t',
          'kcat-records',
          '-p',
          '1',
          '-o',
          'beginning',
          '-e',
          '-f',
          '%o %s\\n',
        ]);
        assert.equal(out, '0 alpha\n1 beta\n2 gamma\n');
      });
    }

    it('a mirrored topic reads the same on both clusters, and the destination refuses writes (134)', async () => {
      await mirrorTopic(pg, 'orders-us', 50n);
      const read = (bootstrap: string) =>
        kcatOk(pg, bootstrap, ['-C', '-t', 'orders-us', '-p', '0', '-o', 'beginning', '-c', '50', '-f', '%o %T %s\\n']);
      const [fromSource, fromDestination] = [
        await read(pg.clusters.source.bootstrap),
        await read(pg.clusters.destination.bootstrap),
      ];
      assert.equal(fromDestination.split('\n').length, 51);
      assert.equal(fromDestination, fromSource);
      const refused = await runTool(
        'kcat',
        kcatArgs(pg, pg.clusters.destination.bootstrap, ['-P', '-t', 'orders-us', '-p', '0']),
        {
          stdin: 'nope\n',
        },
      );
      // librdkafka 2.0.2 has no name for 134 READ_ONLY_TOPIC and prints the number.
      assert.match(refused.stderr, /Delivery failed.*134/, describeRun('kcat -P to a mirror topic', refused));
    });
  });

  describeWithTool(confluentKafka, `confluent-kafka produces and consumes on the playground (${mode})`, () => {
    let pg: RunningPlayground;
    before(async () => {
      pg = await startPlayground({ seed: `records-py-${mode}`, secure });
    });
    after(async () => {
      await pg.close();
    });

    for (const role of ROLES) {
      it(`an idempotent Producer's records are read back by an assign()ed Consumer (${role})`, async () => {
        const handle = pg.clusters[role];
        handle.cluster.createTopic('py-records', { partitions: 1 });
        const request = {
          config: { 'bootstrap.servers': handle.bootstrap, ...librdkafkaSettings(pg) },
          topic: 'py-records',
          partition: 0,
          produce: ['one', 'two', 'three'],
          idempotent: true,
          read: 3,
          from: 0,
        };
        const result = await runTool(DEBIAN_PYTHON, [RECORDS_PROBE], { stdin: JSON.stringify(request) });
        assert.equal(result.code, 0, describeRun('records_probe.py', result));
        const answer = JSON.parse(result.stdout) as {
          delivered: [number, string | null][];
          consumed: [number, string][];
        };
        assert.deepEqual(answer.delivered, [
          [0, null],
          [1, null],
          [2, null],
        ]);
        assert.deepEqual(answer.consumed, [
          [0, 'one'],
          [1, 'two'],
          [2, 'three'],
        ]);
      });

      it(`a transactional Producer commits and aborts; read_committed reads the commits only (${role})`, async () => {
        const handle = pg.clusters[role];
        handle.cluster.createTopic('py-txn', { partitions: 1 });
        const request = {
          config: { 'bootstrap.servers': handle.bootstrap, ...librdkafkaSettings(pg) },
          topic: 'py-txn',
          partition: 0,
          transactional_id: `py-txn-${role}`,
          transactions: [
            { values: ['kept-0', 'kept-1'], commit: true },
            { values: ['gone-0', 'gone-1', 'gone-2'], commit: false },
            { values: ['kept-2'], commit: true },
          ],
          read: 3,
          from: 0,
        };
        const result = await runTool(DEBIAN_PYTHON, [TXN_PROBE], { stdin: JSON.stringify(request) });
        assert.equal(result.code, 0, describeRun('txn_probe.py', result));
        const answer = JSON.parse(result.stdout) as { delivered: [number, string][]; consumed: [number, string][] };
        // Each transaction ends with its marker: COMMIT at 2, ABORT at 6, COMMIT at 8.
        assert.deepEqual(answer.delivered, [
          [0, 'kept-0'],
          [1, 'kept-1'],
          [3, 'gone-0'],
          [4, 'gone-1'],
          [5, 'gone-2'],
          [7, 'kept-2'],
        ]);
        assert.deepEqual(answer.consumed, [
          [0, 'kept-0'],
          [1, 'kept-1'],
          [7, 'kept-2'],
        ]);
        assert.equal(handle.cluster.endOffset('py-txn', 0), 9n);
      });
    }
  });
}
