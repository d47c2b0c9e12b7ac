// A mirror's whole life through the CLI only, like the prototype's own system tests: every action is
// a kmirror command (run in-process, as in test/commands); the emulator is used only to make time
// pass and to cause a source outage. It runs twice: against the prototype's messages, and with
// --protocol kip-draft against a cluster speaking the seed KIP's, where the steps the draft has no
// RPC for (pause, resume, remove-topics, delete) must exit 4 and auto-discovery saves no pattern.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import type { CliResult } from '../helpers/in-process-cli.js';
import { waitFor } from '../commands/describe-setup.js';
import { FAST_SYNC } from '../helpers/emulator-timing.js';
import { buildDialect } from '../../src/lib/kafka/dialects/index.js';
import { DRAFT_FLAGS, DRAFT_KEYS, DRAFT_VERSIONS } from '../helpers/kip-draft.js';

interface Partition {
  partition: number;
  state: string;
  lag: number | null;
  destinationOffset: number | null;
}
interface DescribeJson {
  mirrors: { name: string; topics: { name: string; partitions: Partition[] }[] }[];
}
interface ActionJson {
  succeeded: string[];
  blocked: { topic: string; reason: string; partitions: { state: string }[] }[];
  final: { topic: string; partition: number; state: string; destinationEndOffset: number | null }[] | null;
}

/** `list --json` as a bare array, or as `{ mirrors: [...] }`. */
function listedMirrors(doc: unknown): unknown[] {
  return Array.isArray(doc) ? doc : ((doc as { mirrors?: unknown[] }).mirrors ?? []);
}

for (const protocol of ['prototype', 'kip-draft'] as const) {
  const draft = protocol === 'kip-draft';
  describe(`mirror lifecycle through the CLI (--protocol ${protocol})`, () => {
    let emulator: EmulatedClusters;
    before(async () => {
      emulator = await startEmulatedClusters({
        ...(draft ? { dialect: buildDialect({ protocol, apiKeys: DRAFT_KEYS, apiVersions: DRAFT_VERSIONS }) } : {}),
        seed: 'scenario',
        growthPerSec: 20,
        destination: { brokerConfigs: FAST_SYNC },
        demoTopics: [
          { name: 'orders-us', partitions: 3, initialOffset: 500n },
          { name: 'orders-eu', partitions: 2, initialOffset: 300n },
          { name: 'payments', partitions: 2, initialOffset: 100n },
          { name: '__internal', partitions: 1 },
        ],
      });
    });
    after(async () => emulator.close());

    const dst = () => emulator.destination.bootstrap;
    const kmirror = async (...args: string[]): Promise<CliResult> =>
      runCli([...args, '-b', dst(), ...(draft ? DRAFT_FLAGS : [])]);
    const ok = (result: CliResult, what: string): void =>
      assert.equal(result.code, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
    /** A step the KIP draft has no RPC for: exit 4, said before anything was sent. */
    const notInDraft = (result: CliResult, what: string): void => {
      assert.equal(result.code, 4, `${what} in the KIP draft:\n${result.stdout}\n${result.stderr}`);
      assert.match(`${result.stdout}${result.stderr}`, /not part of KIP-1279 revision 57/, what);
    };

    async function topics(): Promise<Map<string, Partition[]>> {
      const result = await kmirror('describe', 'demo', '--json');
      ok(result, 'describe');
      const doc = jsonOf(result) as DescribeJson;
      return new Map((doc.mirrors[0]?.topics ?? []).map((t) => [t.name, t.partitions]));
    }
    const everyPartition = (parts: Partition[] | undefined, test: (p: Partition) => boolean) =>
      parts !== undefined && parts.length > 0 && parts.every(test);

    it('creates a mirror and adds topics by pattern; lag reaches 0', async () => {
      ok(await kmirror('create', 'demo', '--source-bootstrap', emulator.source.bootstrap), 'create');
      ok(await kmirror('add-topics', 'demo', '--pattern', 'orders-.*', '--yes'), 'add-topics');
      // Lag is computed against a source that keeps growing; "caught up" means every partition
      // mirroring with a lag no larger than a few seconds of traffic.
      await waitFor(
        'orders-us and orders-eu mirroring with lag caught up',
        async () => {
          const t = await topics();
          return ['orders-us', 'orders-eu'].every((name) =>
            everyPartition(t.get(name), (p) => p.state === 'MIRRORING' && (p.lag ?? Infinity) <= 100),
          );
        },
        30_000,
        500,
      );
      assert.equal((await topics()).has('payments'), false, 'payments does not match the pattern');
    });

    it('pauses: destination end offsets stop growing while the source grows', async () => {
      if (draft) return notInDraft(await kmirror('pause', 'demo', '--pattern', 'orders-.*', '--wait', '20s'), 'pause');
      ok(await kmirror('pause', 'demo', '--pattern', 'orders-.*', '--wait', '20s'), 'pause');
      const t = await topics();
      assert.ok(everyPartition(t.get('orders-us'), (p) => p.state === 'PAUSED'));
      const dest = emulator.destination.cluster;
      const source = emulator.source.cluster;
      const before = [dest.endOffset('orders-us', 0), source.endOffset('orders-us', 0)];
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(dest.endOffset('orders-us', 0), before[0], 'no records copied while paused');
      assert.ok(source.endOffset('orders-us', 0) > (before[1] ?? 0n), 'the source kept growing');
    });

    it('resumes, and a new source topic matching the pattern is discovered', async () => {
      if (draft) {
        notInDraft(await kmirror('resume', 'demo', '--pattern', 'orders-.*', '--wait', '20s'), 'resume');
        // The draft saved no pattern: a new matching topic is not discovered; it is added by name.
        emulator.source.cluster.createTopic('orders-jp', { partitions: 2 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        assert.equal((await topics()).has('orders-jp'), false, 'no auto-discovery without a saved pattern');
        ok(await kmirror('add-topics', 'demo', '--topic', 'orders-jp'), 'add-topics orders-jp');
      } else {
        ok(await kmirror('resume', 'demo', '--pattern', 'orders-.*', '--wait', '20s'), 'resume');
        emulator.source.cluster.createTopic('orders-jp', { partitions: 2 });
      }
      await waitFor(
        'orders-jp discovered and mirroring',
        async () => everyPartition((await topics()).get('orders-jp'), (p) => p.state === 'MIRRORING'),
        30_000,
        500,
      );
    });

    it('removes one topic (failover): STOPPED, destination end = source end + 1', async () => {
      // Freeze the source topic so "the source end" is one number, then let the mirror catch up.
      emulator.source.cluster.setGrowthRate('orders-us', 0);
      await waitFor(
        'orders-us lag 0',
        async () => everyPartition((await topics()).get('orders-us'), (p) => p.state === 'MIRRORING' && p.lag === 0),
        30_000,
        500,
      );
      const result = await kmirror('remove-topics', 'demo', '--topic', 'orders-us', '--yes', '--wait', '20s', '--json');
      if (draft) return notInDraft(result, 'remove-topics');
      ok(result, 'remove-topics orders-us');
      const doc = jsonOf(result) as ActionJson;
      assert.deepEqual(doc.succeeded, ['orders-us']);
      const final = doc.final ?? [];
      assert.ok(final.length > 0 && final.every((p) => p.state === 'STOPPED'));
      for (const p of final) {
        assert.equal(
          BigInt(p.destinationEndOffset ?? -1),
          emulator.source.cluster.endOffset('orders-us', p.partition) + 1n,
          `partition ${p.partition}: one PID-reset record past the source`,
        );
      }
    });

    it('a source outage makes partitions FAILED; remove-topics reports them as blocked', async () => {
      emulator.source.cluster.setReachable(false);
      await waitFor(
        'orders-eu FAILED',
        async () => everyPartition((await topics()).get('orders-eu'), (p) => p.state === 'FAILED'),
        30_000,
        500,
      );
      const result = await kmirror('remove-topics', 'demo', '--topic', 'orders-eu', '--yes', '--json');
      if (draft) return notInDraft(result, 'remove-topics during the outage');
      assert.equal(result.code, 1, result.stderr);
      const doc = jsonOf(result) as ActionJson;
      assert.equal(doc.blocked[0]?.topic, 'orders-eu');
      assert.ok(doc.blocked[0]?.partitions.every((p) => p.state === 'FAILED'));
    });

    it('after the outage the rest can be removed, the mirror deleted, and the list is empty', async () => {
      emulator.source.cluster.setReachable(true);
      await waitFor(
        'orders-eu and orders-jp mirroring again',
        async () => {
          const t = await topics();
          return ['orders-eu', 'orders-jp'].every((name) =>
            everyPartition(t.get(name), (p) => p.state === 'MIRRORING'),
          );
        },
        60_000,
        500,
      );
      const rest = await kmirror('remove-topics', 'demo', '--topic', 'orders-eu,orders-jp', '--yes', '--wait', '20s');
      const deleted = await kmirror('delete', 'demo', '--yes');
      const list = await kmirror('list', '--json');
      ok(list, 'list');
      if (draft) {
        notInDraft(rest, 'remove-topics');
        notInDraft(deleted, 'delete');
        assert.equal(listedMirrors(jsonOf(list)).length, 1, 'the draft cannot delete: the mirror stays');
        return;
      }
      ok(rest, 'remove-topics rest');
      ok(deleted, 'delete');
      assert.deepEqual(listedMirrors(jsonOf(list)), []);
    });
  });
}
