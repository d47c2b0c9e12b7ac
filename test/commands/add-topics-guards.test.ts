// `kmirror add-topics` guards (issue 30, PROTOCOL.md §18): a start that makes a mirror loop is refused
// before sending (the source mirrors the topic from this cluster), and a start that truncates data the
// destination already holds says per partition what goes and asks first.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { AddTopicsJson } from '../../src/commands/add-topics.js';
import type { Parsed } from '../helpers/cli.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { type ErrorJson, startTopics, statesOf, waitFor } from './topic-actions-setup.js';
import { loopingEmulator } from './mirror-loop-setup.js';

type Json = Parsed<AddTopicsJson>;

describe('kmirror add-topics guards', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await loopingEmulator('add-topics-guards');
  });
  after(async () => emulator.close());

  const addTopics = (...args: string[]): Promise<CliResult> =>
    runCli(['add-topics', 'fwd', '-b', emulator.destination.bootstrap, ...args]);

  it("mirror loop: refused before sending, exit 2, naming the other side's mirror and the safe order", async () => {
    for (const extra of [[], ['--dry-run'], ['--json']]) {
      const result = await addTopics('--topic', 'payments', '--yes', ...extra);
      assert.equal(result.code, 2, result.stderr);
      const said =
        extra[0] === '--json' ? (jsonOf(result) as ErrorJson).error : { message: result.stderr, hint: result.stderr };
      assert.match(said.message, /starting payments in mirror 'fwd' makes a mirror loop/);
      assert.match(said.message, /payments \(mirror 'back' there, 1 MIRRORING\)/);
      assert.match(said.hint ?? '', /stop the topic in mirror 'back' on the source cluster/);
      assert.match(said.hint ?? '', /--allow-mirror-loop sends anyway/);
    }
    assert.equal(emulator.destination.cluster.topics.get('payments')?.mirror, null, 'nothing was started here');
  });

  it('--allow-mirror-loop without --yes: asked about the loop, not about "0 records lost"', async () => {
    const dry = await addTopics('--topic', 'payments', '--allow-mirror-loop', '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stderr, /sending anyway \(--allow-mirror-loop\)/);
    assert.doesNotMatch(dry.stdout, /Data loss/);
    assert.match(dry.stdout, /^No data loss on the destination: the start truncates 1 partition\(s\)/m);
    const result = await addTopics('--topic', 'payments', '--allow-mirror-loop');
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /start a mirror loop in mirror 'fwd' \(payments read-only on this cluster\)/);
    assert.doesNotMatch(result.stderr, /record\(s\) lost|losing|Data loss/);
    assert.equal(emulator.destination.cluster.topics.get('payments')?.mirror, null, 'nothing was started here');
  });

  it('--allow-mirror-loop sends anyway, says so, and the JSON carries the loop', async () => {
    const result = await addTopics('--topic', 'payments', '--allow-mirror-loop', '--yes', '--json');
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as Json;
    assertMatchesSchema('add-topics', doc);
    assert.deepEqual(doc.loopCheck, {
      made: true,
      notMadeReason: null,
      loops: [{ topic: 'payments', otherMirror: 'back', otherStates: '1 MIRRORING' }],
      overridden: true,
    });
    assert.equal(emulator.destination.cluster.topics.get('payments')?.mirror?.name, 'fwd');
  });

  it('a topic that already holds data here: per-partition loss in --dry-run and --json, a yes to send', async () => {
    const topic = emulator.source.cluster.createTopic('ledger', { partitions: 2, initialOffset: 40n });
    // The same topic (same id) here, outside any mirror: 70 records in partition 0, 10 in partition 1.
    const here = emulator.destination.cluster.createTopic('ledger', { partitions: 2, id: topic.id });
    emulator.destination.cluster.produce('ledger', 0, 70);
    emulator.destination.cluster.produce('ledger', 1, 10);

    const dry = await addTopics('--topic', 'ledger', '--dry-run', '--json');
    assert.equal(dry.code, 0, dry.stderr);
    const doc = jsonOf(dry) as Json;
    assertMatchesSchema('add-topics', doc);
    assert.deepEqual(doc.truncation.topics, [
      {
        topic: 'ledger',
        kind: 'outside-mirror',
        partitions: [
          { partition: 0, destinationEnd: 70, sourceEnd: 40, truncatedTo: 0, lost: 30 },
          { partition: 1, destinationEnd: 10, sourceEnd: 40, truncatedTo: 0, lost: 0 },
        ],
      },
    ]);
    assert.equal(doc.truncation.lostRecords, 30);
    const text = await addTopics('--topic', 'ledger', '--dry-run');
    assert.match(text.stdout, /Data loss on the destination: the start truncates 2 partition\(s\) of 1 topic\(s\)/);
    assert.match(text.stdout, /^ledger\s+0\s+70\s+40\s+0\s+30$/m);

    const refused = await addTopics('--topic', 'ledger');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /truncate 2 destination partition\(s\) \(30 record\(s\) lost\)/);
    assert.equal(here.mirror, null, 'nothing was sent');

    const sent = await addTopics('--topic', 'ledger', '--yes');
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(emulator.destination.cluster.topics.get('ledger')?.mirror?.name, 'fwd');
    // What the report said: the copy here goes back to 0 and holds the source's 40 records again.
    await waitFor('ledger recopied', () => emulator.destination.cluster.endOffset('ledger', 0) === 40n);
  });

  it('a topic STOPPED here and written to since: truncated to 0, what lies beyond the source end lost', async () => {
    emulator.source.cluster.createTopic('refunds', { partitions: 1, initialOffset: 20n });
    await startTopics(emulator, 'fwd', ['refunds']);
    const stop = await runCli([
      'remove-topics',
      'fwd',
      '--topic',
      'refunds',
      '--yes',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(stop.code, 0, stop.stderr);
    await waitFor('refunds STOPPED', () => statesOf(emulator, 'refunds').every((s) => s === 'STOPPED'));
    // Failed over: 20 mirrored, the stop's marker (21), then 5 records written here.
    emulator.destination.cluster.produce('refunds', 0, 5);
    const dry = await addTopics('--topic', 'refunds', '--dry-run', '--json');
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual((jsonOf(dry) as Json).truncation.topics, [
      {
        topic: 'refunds',
        kind: 'stopped-in-mirror',
        partitions: [{ partition: 0, destinationEnd: 26, sourceEnd: 20, truncatedTo: 0, lost: 6 }],
      },
    ]);
    const text = await addTopics('--topic', 'refunds', '--dry-run');
    assert.match(text.stdout, /^refunds\s+0\s+26\s+20\s+0\s+6$/m);
  });
});
