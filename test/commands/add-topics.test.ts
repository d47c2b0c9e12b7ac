// `kmirror add-topics` end to end: the command run in-process against emulated source and destination clusters.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Deadline } from '../../src/lib/cli/command/deadline.js';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import type { KafkaClient } from '../../src/lib/kafka/client.js';
import { createClient } from '../../src/lib/kafka/connect.js';
import { CreateClusterMirror, DescribeConfigs, StartMirrorTopics } from '../../src/lib/kafka/messages/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { FAST_SYNC, INSTANT_START } from '../helpers/emulator-timing.js';
import { assertMatchesSchema } from '../helpers/schema.js';

interface AddTopicsJson {
  mirror: string;
  added: { topic: string; topicId: string | null; partitions: number | null }[];
  skipped: { topic: string; reason: string; mirror?: string; state?: string }[];
  failed: { topic: string; error: { code: number; name: string; message: string } }[];
  patterns: { include: string[]; exclude: string[] };
  dryRun: boolean;
}

interface ErrorJson {
  error: { exitCode: number; kafkaError: { code: number; name: string } | null; message: string; hint: string | null };
}

function openClient(emulator: EmulatedClusters, role: 'source' | 'destination' = 'destination'): KafkaClient {
  return createClient(
    { bootstrap: emulator[role].bootstrap.split(','), clientId: 'add-topics-test' },
    new Deadline(20_000),
  );
}

async function createMirror(
  emulator: EmulatedClusters,
  name: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const client = openClient(emulator);
  try {
    const answer = await client.send(CreateClusterMirror, {
      MirrorName: name,
      Config: Object.entries({
        'bootstrap.servers': emulator.source.bootstrap,
        'mirror.source.cluster.id': emulator.source.clusterId,
        ...extra,
      }).map(([Name, Value]) => ({ Name, Value })),
    });
    assert.equal(answer.ErrorCode, 0, `creating mirror ${name}`);
  } finally {
    await client.close();
  }
}

async function mirrorConfig(emulator: EmulatedClusters, name: string, key: string): Promise<string | null | undefined> {
  const client = openClient(emulator);
  try {
    const answer = await client.send(DescribeConfigs, {
      Resources: [{ ResourceType: 64, ResourceName: name, ConfigurationKeys: null }],
    });
    return answer.Results[0]?.Configs.find((c) => c.Name === key)?.Value;
  } finally {
    await client.close();
  }
}

function mirrorOf(emulator: EmulatedClusters, topic: string): string | undefined {
  return emulator.destination.cluster.topics.get(topic)?.mirror?.name;
}

async function pollUntil(what: string, check: () => boolean, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) assert.fail(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function addTopics(
  emulator: EmulatedClusters,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  return runCli(['add-topics', ...args, '-b', emulator.destination.bootstrap], { env });
}

function json(result: CliResult): AddTopicsJson {
  const document = jsonOf(result);
  assertMatchesSchema('add-topics', document);
  return document as AddTopicsJson;
}

describe('kmirror add-topics', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'add-topics',
      demoTopics: true,
      growthPerSec: 0,
      timing: INSTANT_START,
      destination: { brokerConfigs: FAST_SYNC },
    });
  });
  after(async () => {
    await emulator.close();
  });

  function sourceTopic(name: string, partitions = 2): { id: string; partitions: number } {
    const topic = emulator.source.cluster.createTopic(name, { partitions });
    return { id: topic.id, partitions };
  }

  it('adds named topics with their source ids and partition counts, without asking', async () => {
    await createMirror(emulator, 'by-name');
    const a = sourceTopic('name-a', 3);
    const b = sourceTopic('name-b', 1);
    const result = await addTopics(emulator, ['by-name', '--topic', 'name-a', '--topic', 'name-b', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = json(result);
    assert.deepEqual(doc.added, [
      { topic: 'name-a', topicId: a.id, partitions: 3 },
      { topic: 'name-b', topicId: b.id, partitions: 1 },
    ]);
    assert.deepEqual(doc.skipped, []);
    assert.equal(doc.dryRun, false);
    const created = emulator.destination.cluster.topics.get('name-a');
    assert.equal(created?.id, a.id, 'the destination topic keeps the source id');
    assert.equal(created?.partitions.length, 3);
    assert.equal(mirrorOf(emulator, 'name-b'), 'by-name');
  });

  it('adds topics selected by --pattern with --yes and saves the patterns', async () => {
    await createMirror(emulator, 'by-pattern');
    sourceTopic('pat-a');
    sourceTopic('pat-b');
    sourceTopic('patx');
    const result = await addTopics(emulator, ['by-pattern', '--pattern', 'pat-.*', '--yes', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = json(result);
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['pat-a', 'pat-b'],
      'full match: patx does not match pat-.*',
    );
    assert.deepEqual(doc.patterns, { include: ['pat-.*'], exclude: [] });
    assert.equal(mirrorOf(emulator, 'pat-b'), 'by-pattern');
    assert.equal(mirrorOf(emulator, 'patx'), undefined);
  });

  it(
    'refuses a pattern that selects more than the named topics without --yes and without a ' + 'terminal (exit 2)',
    async () => {
      await createMirror(emulator, 'no-yes');
      sourceTopic('noyes-a');
      sourceTopic('noyes-b');
      const result = await addTopics(emulator, ['no-yes', '--topic', 'noyes-a', '--pattern', 'noyes-.*']);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /--yes/);
      assert.match(result.stderr, /noyes-b/, 'the preview on stderr shows what would have been added');
      assert.equal(emulator.destination.cluster.topics.get('noyes-a'), undefined, 'nothing was sent');

      const json = await addTopics(emulator, ['no-yes', '--pattern', 'noyes-.*', '--json']);
      assert.equal(json.code, 2);
      assert.match((jsonOf(json) as ErrorJson).error.hint ?? '', /--yes/);
    },
  );

  it('a pattern is saved for auto-discovery: that needs a yes even when it selects only named topics', async () => {
    await createMirror(emulator, 'same-set');
    sourceTopic('same-a');
    const refused = await addTopics(emulator, ['same-set', '--topic', 'same-a', '--pattern', 'same-a']);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /refusing to save the patterns \(same-a\) in mirror 'same-set' for auto-discovery/);
    assert.equal(mirrorOf(emulator, 'same-a'), undefined, 'nothing was sent');
    const result = await addTopics(emulator, ['same-set', '--topic', 'same-a', '--pattern', 'same-a', '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(mirrorOf(emulator, 'same-a'), 'same-set');
  });

  it('leaves out --exclude matches and sends the exclude patterns', async () => {
    await createMirror(emulator, 'excl');
    sourceTopic('ex-keep');
    sourceTopic('ex-skip');
    const result = await addTopics(emulator, ['excl', '--pattern', 'ex-.*', '--exclude', 'ex-skip', '--yes', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = json(result);
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['ex-keep'],
    );
    assert.equal(mirrorOf(emulator, 'ex-skip'), undefined);
    assert.equal(await mirrorConfig(emulator, 'excl', 'mirror.topics.exclude'), 'ex-skip');

    const contradiction = await addTopics(emulator, ['excl', '--topic', 'ex-skip', '--exclude', 'ex-.*']);
    assert.equal(contradiction.code, 2);
    assert.match(contradiction.stderr, /also matches --exclude/);
  });

  it('skips topics already in this mirror, which would make the broker refuse the whole request', async () => {
    await createMirror(emulator, 'again');
    const first = sourceTopic('again-1');
    sourceTopic('again-2');
    assert.equal((await addTopics(emulator, ['again', '--topic', 'again-1'])).code, 0);

    const result = await addTopics(emulator, ['again', '--topic', 'again-1,again-2', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = json(result);
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['again-2'],
    );
    assert.equal(doc.skipped.length, 1);
    assert.equal(doc.skipped[0]?.topic, 'again-1');
    assert.equal(doc.skipped[0]?.reason, 'already-mirrored');

    // What the tool avoided: the same request with again-1 in it fails as a whole with 145.
    const third = sourceTopic('again-3');
    const client = openClient(emulator);
    try {
      const answer = await client.send(StartMirrorTopics, {
        MirrorName: 'again',
        Topics: [
          { TopicId: first.id, TopicName: 'again-1', NumPartitions: first.partitions },
          { TopicId: third.id, TopicName: 'again-3', NumPartitions: third.partitions },
        ],
      });
      assert.equal(answer.ErrorCode, 145);
      assert.deepEqual(answer.Topics, []);
    } finally {
      await client.close();
    }
    assert.equal(emulator.destination.cluster.topics.get('again-3'), undefined, 'the refused request started nothing');
  });

  it('reports and leaves out a topic that is in another mirror', async () => {
    await createMirror(emulator, 'owner');
    await createMirror(emulator, 'intruder');
    sourceTopic('owned-1');
    sourceTopic('owned-2');
    assert.equal((await addTopics(emulator, ['owner', '--topic', 'owned-1'])).code, 0);

    const result = await addTopics(emulator, ['intruder', '--topic', 'owned-1,owned-2', '--json']);
    assert.equal(result.code, 3, 'a named topic was not added');
    const doc = json(result);
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['owned-2'],
    );
    assert.equal(doc.skipped[0]?.reason, 'in-other-mirror');
    assert.equal(doc.skipped[0]?.mirror, 'owner');
    assert.equal(mirrorOf(emulator, 'owned-1'), 'owner');

    const text = await addTopics(emulator, ['intruder', '--topic', 'owned-1']);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /owned-1 .* in mirror owner/);
    assert.match(text.stderr, /already in another mirror/);
  });

  it('reports named topics missing on the source (exit 6), and sends them with --allow-missing', async () => {
    await createMirror(emulator, 'missing');
    const result = await addTopics(emulator, ['missing', '--topic', 'not-there', '--json']);
    assert.equal(result.code, 6);
    const doc = json(result);
    assert.deepEqual(doc.skipped, [{ topic: 'not-there', reason: 'missing-on-source' }]);
    assert.equal(await mirrorConfig(emulator, 'missing', 'mirror.topics.include'), undefined, 'nothing was sent');

    const allowed = await addTopics(emulator, ['missing', '--topic', 'not-there', '--allow-missing', '--json']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.deepEqual(json(allowed).added, [{ topic: 'not-there', topicId: null, partitions: null }]);
    assert.equal(await mirrorConfig(emulator, 'missing', 'mirror.topics.include'), 'not-there');
  });

  it('--dry-run shows the request and sends nothing', async () => {
    await createMirror(emulator, 'dry');
    const topic = sourceTopic('dry-a', 4);
    const result = await addTopics(emulator, ['dry', '--pattern', 'dry-.*', '--dry-run']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`TopicName: dry-a, TopicId: ${topic.id}, NumPartitions: 4`));
    assert.match(result.stdout, /IncludePatterns: \[dry-\.\*\]/);
    assert.match(result.stdout, /Nothing was sent/);
    assert.equal(emulator.destination.cluster.topics.get('dry-a'), undefined);
    assert.equal(await mirrorConfig(emulator, 'dry', 'mirror.topics.include'), undefined);

    const doc = json(await addTopics(emulator, ['dry', '--pattern', 'dry-.*', '--dry-run', '--json']));
    assert.equal(doc.dryRun, true);
    assert.deepEqual(doc.added, [{ topic: 'dry-a', topicId: topic.id, partitions: 4 }]);
  });

  it('saves patterns that match nothing yet, and the mirror discovers a matching topic later', async () => {
    await createMirror(emulator, 'discover');
    // Saving a pattern changes what the mirror starts later: without a terminal it takes --yes.
    const refused = await addTopics(emulator, ['discover', '--pattern', 'disc-.*']);
    assert.equal(refused.code, 2, refused.stderr);
    assert.notEqual(await mirrorConfig(emulator, 'discover', 'mirror.topics.include'), 'disc-.*');
    const result = await addTopics(emulator, ['discover', '--pattern', 'disc-.*', '--yes']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /No matching topics found yet\. Patterns saved to mirror discover for auto-discovery\./,
    );
    assert.equal(await mirrorConfig(emulator, 'discover', 'mirror.topics.include'), 'disc-.*');

    sourceTopic('disc-new');
    await pollUntil('disc-new to be discovered', () => mirrorOf(emulator, 'disc-new') === 'discover');
  });

  it("reports per-topic failures: some failed → exit 3, all failed → the error's own code", async () => {
    await createMirror(emulator, 'partial');
    sourceTopic('pf-ok');
    sourceTopic('pf-clash');
    // A destination topic of the same name but another id: the controller answers 103 for it.
    emulator.destination.cluster.createTopic('pf-clash', { partitions: 2 });
    const result = await addTopics(emulator, ['partial', '--topic', 'pf-ok,pf-clash', '--json']);
    assert.equal(result.code, 3, result.stderr);
    const doc = json(result);
    assert.deepEqual(
      doc.added.map((a) => a.topic),
      ['pf-ok'],
    );
    assert.equal(doc.failed.length, 1);
    assert.equal(doc.failed[0]?.topic, 'pf-clash');
    assert.deepEqual(
      { code: doc.failed[0]?.error.code, name: doc.failed[0]?.error.name },
      { code: 103, name: 'INCONSISTENT_TOPIC_ID' },
    );

    sourceTopic('pf-clash-2');
    emulator.destination.cluster.createTopic('pf-clash-2', { partitions: 1 });
    const text = await addTopics(emulator, ['partial', '--topic', 'pf-clash-2']);
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, /Failed to start 1 topic\(s\):\n {2}pf-clash-2: /);
    assert.match(text.stdout, /Hint: .*different topic id/);
    assert.equal(
      (text.stderr.match(/INCONSISTENT_TOPIC_ID/g) ?? []).length,
      1,
      'the copied top-level error is not reported twice',
    );
  });

  it('maps a refusal of the whole request: 144 → exit 5, 145 → exit 1 with an explanation', async () => {
    await createMirror(emulator, 'refused');
    sourceTopic('ref-a');
    const rules = emulator.destination.nodes.map((n) => n.faults.failWith(StartMirrorTopics, 144, { times: 1 }));
    try {
      const denied = await addTopics(emulator, ['refused', '--topic', 'ref-a', '--json']);
      assert.equal(denied.code, 5);
      assert.equal((jsonOf(denied) as ErrorJson).error.kafkaError?.code, 144);
    } finally {
      for (const rule of rules) rule.remove();
    }
    const invalid = emulator.destination.nodes.map((n) => n.faults.failWith(StartMirrorTopics, 145, { times: 1 }));
    try {
      const refused = await addTopics(emulator, ['refused', '--topic', 'ref-a']);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /refused the whole request/);
      assert.match(refused.stderr, /kmirror describe refused/);
    } finally {
      for (const rule of invalid) rule.remove();
    }
    assert.equal(emulator.destination.cluster.topics.get('ref-a'), undefined);
  });

  it('fails with exit 6 for an unknown mirror and exit 2 for bad input, before sending', async () => {
    const unknown = await addTopics(emulator, ['no-such-mirror', '--topic', 'orders', '--json']);
    assert.equal(unknown.code, 6);
    assert.match((jsonOf(unknown) as ErrorJson).error.message, /mirror 'no-such-mirror' not found/);

    const badRegex = await addTopics(emulator, ['by-name', '--pattern', 'orders(']);
    assert.equal(badRegex.code, 2);
    assert.match(badRegex.stderr, /not a valid Java regular expression/);
    const comma = await addTopics(emulator, ['by-name', '--pattern', 'a{1,2}']);
    assert.equal(comma.code, 2);
    const badName = await addTopics(emulator, ['by-name', '--topic', 'orders.*']);
    assert.equal(badName.code, 2);
    assert.match(badName.stderr, /--pattern/);
    const nothing = await addTopics(emulator, ['by-name']);
    assert.equal(nothing.code, 2);
  });

  it(
    'reads --topics-file and reaches the source through --source-config when the stored address ' +
      'does not work here',
    async () => {
      await createMirror(emulator, 'elsewhere', { 'bootstrap.servers': '127.0.0.1:1' });
      sourceTopic('file-a');
      sourceTopic('file-b');
      const dir = mkdtempSync(join(tmpdir(), 'kmirror-add-topics-'));
      try {
        const topicsFile = join(dir, 'topics.txt');
        writeFileSync(topicsFile, '# topics to mirror\nfile-a\n\nfile-b  # second\n');
        const stored = await addTopics(emulator, ['elsewhere', '--topics-file', topicsFile, '--timeout', '3s']);
        assert.notEqual(stored.code, 0);
        assert.match(stored.stderr, /source cluster \(127\.0\.0\.1:1\)/);
        assert.match(stored.stderr, /--source-config/);

        const sourceConfig = join(dir, 'source.properties');
        writeFileSync(sourceConfig, `bootstrap.servers=${emulator.source.bootstrap}\nsecurity.protocol=PLAINTEXT\n`);
        const result = await addTopics(emulator, [
          'elsewhere',
          '--topics-file',
          topicsFile,
          '--source-config',
          sourceConfig,
          '--json',
        ]);
        assert.equal(result.code, 0, result.stderr);
        assert.deepEqual(
          json(result).added.map((a) => a.topic),
          ['file-a', 'file-b'],
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('--source-profile reaches the source through a saved profile instead of the stored address', async () => {
    await createMirror(emulator, 'profiled', { 'bootstrap.servers': '127.0.0.1:1' });
    sourceTopic('profiled-a');
    const dir = mkdtempSync(join(tmpdir(), 'kmirror-add-topics-profile-'));
    try {
      const env = { XDG_CONFIG_HOME: dir };
      const saved = await runCli(['profile', 'create', 'the-source', '-b', emulator.source.bootstrap], { env });
      assert.equal(saved.code, 0, saved.stderr);
      const result = await addTopics(
        emulator,
        ['profiled', '--topic', 'profiled-a', '--source-profile', 'the-source', '--json'],
        env,
      );
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(
        json(result).added.map((a) => a.topic),
        ['profiled-a'],
      );
      const both = await addTopics(emulator, [
        'profiled',
        '--topic',
        'x',
        '--source-profile',
        'p',
        '--source-config',
        'f',
      ]);
      assert.equal(both.code, 2, 'the two ways to reach the source exclude each other');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--wait returns once every added partition is MIRRORING and caught up, and says how it decided', async () => {
    await createMirror(emulator, 'waiting');
    sourceTopic('wait-a', 2);
    const result = await addTopics(emulator, ['waiting', '--topic', 'wait-a', '--wait', '20s']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /Caught up: 2 partition\(s\); every partition is MIRRORING and holds every record the source had/,
    );
    assert.match(result.stderr, /the broker's reported lag is not used/);
    const topic = emulator.destination.cluster.topics.get('wait-a');
    assert.ok(topic?.partitions.every((p) => p.mirror?.state === 'MIRRORING'));
  });

  it('prints the preview table (golden text)', async () => {
    await createMirror(emulator, 'golden');
    assert.equal((await addTopics(emulator, ['golden', '--topic', 'inventory'])).code, 0);
    // The engine's first tick takes the partition out of UNKNOWN; a spawned run always came after it.
    const inventory = () => emulator.destination.cluster.topics.get('inventory')?.partitions ?? [];
    await pollUntil('inventory leaves UNKNOWN', () =>
      inventory().every((p) => p.mirror?.state !== undefined && p.mirror.state !== 'UNKNOWN'),
    );
    const result = await addTopics(emulator, ['golden', '--topic', 'orders,payments,inventory,absent', '--dry-run']);
    assert.equal(result.code, 0, result.stderr);
    const text = result.stdout
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
      .replace(/\(LOG_TRUNCATION\)|\(MIRRORING\)|\(starting\)/, '(STATE)');
    const ids = new Map(
      ['orders', 'payments', 'inventory'].map((name) => [name, emulator.source.cluster.topics.get(name)?.id]),
    );
    assert.equal(ids.get('orders'), 'zvKua06YSscaJvfzaus5OQ', 'topic ids are fixed by the seed');
    assert.equal(
      text,
      [
        'Mirror golden, source cluster 127.0.0.1:PORT',
        'TOPIC      PARTITIONS  TOPIC ID                ACTION',
        `absent              -  -                       missing on source`,
        `inventory           1  ${ids.get('inventory')}  already in this mirror (STATE)`,
        `orders              3  ${ids.get('orders')}  add`,
        `payments            2  ${ids.get('payments')}  add`,
        'Topics missing on the source are left out. --allow-missing sends them with NumPartitions 0: the ' +
          'broker only saves the names, and the mirror starts them when they appear on the source.',
        '',
        'Dry run: kmirror would send',
        'StartMirrorTopics',
        '  MirrorName: golden',
        '  Topics:',
        `    - TopicName: orders, TopicId: ${ids.get('orders')}, NumPartitions: 3`,
        `    - TopicName: payments, TopicId: ${ids.get('payments')}, NumPartitions: 2`,
        '  IncludePatterns: []',
        '  ExcludePatterns: []',
        '  StateValidationOffset: -1',
        'Nothing was sent (--dry-run).',
        '',
      ].join('\n'),
    );
  });
});

describe('kmirror add-topics against clusters that cannot do it', () => {
  let disabled: EmulatedClusters;
  let slow: EmulatedClusters;
  before(async () => {
    disabled = await startEmulatedClusters({
      seed: 'add-topics-disabled',
      demoTopics: true,
      mirroringDisabled: 'destination',
    });
    slow = await startEmulatedClusters({
      seed: 'add-topics-slow',
      demoTopics: true,
      timing: { logTruncationMs: 600_000 },
    });
  });
  after(async () => {
    await disabled.close();
    await slow.close();
  });

  it('exits 4 when mirroring is disabled, before sending', async () => {
    const result = await runCli([
      'add-topics',
      'm1',
      '--topic',
      'orders',
      '-b',
      disabled.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 4);
    assert.match((jsonOf(result) as ErrorJson).error.hint ?? '', /mirror\.version=1/);
  });

  it('--wait gives up with exit 124 when the partitions do not reach MIRRORING in time', async () => {
    await createMirror(slow, 'slow');
    const result = await runCli([
      'add-topics',
      'slow',
      '--topic',
      'orders',
      '--wait',
      '1s',
      '-b',
      slow.destination.bootstrap,
    ]);
    assert.equal(result.code, 124, result.stderr);
    assert.match(result.stdout, /Started 1 mirror topic\(s\) in mirror slow: orders/);
    assert.match(result.stderr, /--wait 1s/);
    assert.equal(
      slow.destination.cluster.topics.get('orders')?.mirror?.name,
      'slow',
      'the topic was started before the wait',
    );
  });
});

describe('kmirror add-topics --wait on the prototype timing', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    // The real broker's startup FAILED is on, and then lag reads 0 before the first fetch: a wait
    // that trusted MIRRORING or the reported lag would return long before the records are there.
    emulator = await startEmulatedClusters({
      seed: 'add-topics-caught-up',
      growthPerSec: 0,
      timing: { copyRecordsPerSec: 1000 },
      demoTopics: [{ name: 'ledger', partitions: 2, initialOffset: 1500n }],
    });
  });
  after(async () => {
    await emulator.close();
  });

  it('waits until the destination end offsets reach the source end offsets read when the wait began', async () => {
    await createMirror(emulator, 'm1');
    const result = await addTopics(emulator, ['m1', '--topic', 'ledger', '--wait', '30s']);
    assert.equal(result.code, 0, result.stderr);
    for (const partition of [0, 1])
      assert.ok(emulator.destination.cluster.endOffset('ledger', partition) >= 1500n, `ledger-${partition} copied`);
  });
});

describe('kmirror add-topics on a mirror whose source cluster id is wrong', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    // Its own clusters: one mirror with an unreachable source stalls the sync of every mirror (as on
    // the prototype), and the sync is what finds the wrong id.
    emulator = await startEmulatedClusters({
      seed: 'add-topics-wrong-id',
      growthPerSec: 0,
      timing: INSTANT_START,
      destination: { brokerConfigs: FAST_SYNC },
    });
  });
  after(async () => {
    await emulator.close();
  });

  it('--wait ends, naming the cause and its recovery, when a partition FAILS for good (non-retryable)', async () => {
    // A wrong stored cluster id: the next sync (2 s here) moves every partition to FAILED, retry -1.
    await createMirror(emulator, 'wrong-id', { 'mirror.source.cluster.id': 'not-the-source' });
    emulator.source.cluster.createTopic('stuck-a', { partitions: 1 });
    // Far more than the copy can do before the sync: the wait cannot end caught up.
    emulator.source.cluster.appendRecords('stuck-a', 100_000_000);
    const started = Date.now();
    const result = await addTopics(emulator, ['wrong-id', '--topic', 'stuck-a', '--wait', '60s']);
    assert.equal(result.code, 1, result.stderr);
    assert.ok(Date.now() - started < 30_000, 'the wait ended without running out');
    assert.match(
      result.stderr,
      /1 partition\(s\) of mirror 'wrong-id' cannot catch up: stuck-a-0 FAILED \(Source cluster ID changed/,
    );
    assert.match(result.stderr, /mirror\.source\.cluster\.id=\S+/);
    assert.match(result.stderr, /restart the destination brokers/);
    assert.doesNotMatch(result.stderr, /Caught up/);

    // Added again, it is left out (already in the mirror), pointing to the same cause and recovery.
    const again = await addTopics(emulator, ['wrong-id', '--topic', 'stuck-a', '--json']);
    assert.equal(again.code, 0, again.stderr);
    const skipped = json(again).skipped as { topic: string; causes?: { cause: string }[] }[];
    assert.deepEqual(
      skipped[0]?.causes?.map((c) => c.cause),
      ['source-cluster-id-changed'],
    );
    const text = await addTopics(emulator, ['wrong-id', '--topic', 'stuck-a']);
    assert.match(
      text.stdout,
      /stuck-a has FAILED partitions in mirror wrong-id \(left out\):\n {2}Cause: the source answers as cluster/,
    );
    assert.match(text.stdout, /\n {2}Recovery: .*restart the destination brokers/);
  });
});
