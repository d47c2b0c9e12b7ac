// Group offsets across a mirror, with a client written by others on the source: confluent-kafka
// (librdkafka, as Debian 12 ships it) commits offsets without joining the group, as an application
// managing its own offsets does; the destination's periodic sync copies them; `kmirror groups` sees
// them in sync.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type WireEvent } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { startMirror } from './mirror-setup.js';
import { COMMIT_PROBE, DEBIAN_PYTHON, describeRun, describeWithTool, probeConfluentKafka, runTool } from './tools.js';

const confluentKafka = await probeConfluentKafka();
const SYNC_MS = 1000;

interface ProbeAnswer {
  committed: [string, number, number, string | null][];
  read: [string, number, number, string | null][];
}

interface GroupsJson {
  groups: {
    group: string;
    verdict: string;
    partitions: { partition: number; sourceOffset: number; destinationOffset: number | null }[];
  }[];
}

describeWithTool(
  confluentKafka,
  'confluent-kafka commits group offsets on the emulated source; kmirror groups sees them copied',
  () => {
    let emulator: EmulatedClusters;
    const commits: WireEvent[] = [];

    before(async () => {
      emulator = await startEmulatedClusters({
        seed: 'clients-group-offsets',
        timing: { startupFailureMs: 0 },
        destination: { brokerConfigs: { 'mirror.metadata.refresh.interval.ms': String(SYNC_MS) } },
        onWire: (event) => {
          if (event.cluster === 'source' && event.direction === 'request' && event.apiName === 'OffsetCommit')
            commits.push(event);
        },
      });
      const source = emulator.source.cluster;
      source.createTopic('orders', { partitions: 2 });
      source.appendRecords('orders', 500);
      startMirror(emulator.source, emulator.destination, 'm1', ['orders']);
    });

    after(async () => {
      await emulator.close();
    });

    async function commit(group: string, offsets: [string, number, number][]) {
      const request = { config: { 'bootstrap.servers': emulator.source.bootstrap }, group, offsets };
      const result = await runTool(DEBIAN_PYTHON, [COMMIT_PROBE], { stdin: JSON.stringify(request) });
      return { result, answer: result.code === 0 ? (JSON.parse(result.stdout) as ProbeAnswer) : undefined };
    }

    it(
      'commit(offsets=…) without joining: a simple commit (generation -1, no member id), read ' + 'back by committed()',
      async () => {
        const { result, answer } = await commit('py-app', [
          ['orders', 0, 321],
          ['orders', 1, 400],
        ]);
        assert.equal(result.code, 0, describeRun('commit_probe', result));
        assert.deepEqual(answer?.committed, [
          ['orders', 0, 321, null],
          ['orders', 1, 400, null],
        ]);
        assert.deepEqual(answer?.read, answer?.committed);
        const body = commits.at(-1)?.body as { GroupId: string; GenerationId: number; MemberId: string } | undefined;
        assert.deepEqual(
          { group: body?.GroupId, generation: body?.GenerationId, member: body?.MemberId },
          { group: 'py-app', generation: -1, member: '' },
        );
        assert.equal(emulator.source.cluster.groups.offset('py-app', 'orders', 0)?.offset, 321n);
      },
    );

    it('kmirror groups shows the group in sync once the destination copied it', async () => {
      let doc: GroupsJson | undefined;
      const until = Date.now() + 15_000;
      for (;;) {
        const run = await runCli(['groups', 'm1', '-b', emulator.destination.bootstrap, '--group', 'py-app', '--json']);
        assert.equal(run.code, 0, run.stdout + run.stderr);
        doc = jsonOf(run) as GroupsJson;
        if (doc.groups[0]?.verdict === 'in-sync' || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.equal(doc.groups[0]?.verdict, 'in-sync', JSON.stringify(doc));
      assert.deepEqual(
        doc.groups[0]?.partitions.map((p) => [p.partition, p.sourceOffset, p.destinationOffset]),
        [
          [0, 321, 321],
          [1, 400, 400],
        ],
      );
    });

    it('a simple commit to a group with members is refused with UNKNOWN_MEMBER_ID, as Kafka refuses it', async () => {
      emulator.source.cluster.groups.markActive('busy');
      const { result, answer } = await commit('busy', [['orders', 0, 1]]);
      const refused = answer ? answer.committed.map((c) => c[3]).join(',') : result.stderr;
      assert.match(refused, /UNKNOWN_MEMBER_ID|Unknown member/i, describeRun('commit_probe', result));
    });
  },
);
