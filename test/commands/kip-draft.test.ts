// Every command with --protocol kip-draft against an emulator speaking the seed KIP's messages:
// what the draft has works, what it lacks exits 4 before a single request, and nothing is sent
// until --api-keys (and, for mirror configs, --api-versions) say what the seed leaves "TBD".

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock, startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { buildDialect } from '../../src/lib/kafka/dialects/index.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { DRAFT_FLAGS, DRAFT_KEYS, DRAFT_VERSIONS } from '../helpers/kip-draft.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { createMirror, startTopics, stopTopics } from './describe-setup.js';

interface Partition {
  partition: number;
  state: string;
  destinationOffset: string | number | null;
  destinationOffsetSource?: string;
}
interface DescribeJson {
  mirrors: { name: string; topics: { name: string; partitions: Partition[] }[] }[];
}

describe('commands with --protocol kip-draft', () => {
  let emulator: EmulatedClusters;
  const clock = new ManualClock(1_000_000);
  let requests: string[] = [];
  before(async () => {
    emulator = await startEmulatedClusters({
      seed: 'kip-draft-commands',
      clock,
      timing: INSTANT_START,
      dialect: buildDialect({ protocol: 'kip-draft', apiKeys: DRAFT_KEYS, apiVersions: DRAFT_VERSIONS }),
      demoTopics: [
        { name: 'orders', partitions: 2, initialOffset: 300n },
        { name: 'payments', partitions: 1, initialOffset: 50n },
      ],
      growthPerSec: 0,
      onWire: (e) => {
        if (e.cluster === 'destination' && e.direction === 'request') requests.push(e.apiName);
      },
    });
  });
  after(async () => emulator.close());

  const dst = () => emulator.destination.bootstrap;
  const draftFlags = DRAFT_FLAGS;
  const kmirror = (...args: string[]) => runCli([...args, '-b', dst(), ...draftFlags]);

  it('a profile holds the dialect and its API keys: commands through it need no dialect flags', async () => {
    const env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'kmirror-draft-profile-')) };
    const saved = await runCli(['profile', 'create', 'draft', '-b', dst(), ...draftFlags], { env });
    assert.equal(saved.code, 0, saved.stderr);
    const shown = jsonOf(await runCli(['profile', 'show', 'draft', '--json'], { env })) as Record<string, unknown>;
    assert.equal(shown['protocol'], 'kip-draft');
    requests = [];
    const listed = await runCli(['list', '--json'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(requests.includes('ListMirrors'), `the draft's RPC was sent: ${requests.join(', ')}`);
    const version = jsonOf(await runCli(['version', '--json'], { env })) as { dialect: { protocol: string } };
    assert.equal(version.dialect.protocol, 'kip-draft');
  });

  it('refuses to send anything until --api-keys numbers the RPCs the command needs (exit 2)', async () => {
    requests = [];
    const result = await runCli(['list', '-b', dst()], { env: { KMIRROR_PROTOCOL: 'kip-draft' } });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /--api-keys gives no key for ListMirrors/);
    assert.match(result.stderr, /Hint: .*--api-keys CreateMirror=/);
    const json = await runCli([
      'describe',
      '-b',
      dst(),
      '--protocol',
      'kip-draft',
      '--api-keys',
      'CreateMirror=200',
      '--json',
    ]);
    assert.equal(json.code, 2);
    assert.match(
      (jsonOf(json) as { error: { message: string } }).error.message,
      /DescribeMirrors, ListMirrors|ListMirrors/,
    );
    assert.deepEqual(requests, [], 'not even ApiVersions was sent');
  });

  it('config commands need the bumped versions from --api-versions (exit 2), and read at them when given', async () => {
    createMirror(emulator, 'cfg');
    requests = [];
    const without = await runCli([
      'config',
      'get',
      'cfg',
      '-b',
      dst(),
      '--protocol',
      'kip-draft',
      '--api-keys',
      DRAFT_KEYS,
    ]);
    assert.equal(without.code, 2, without.stderr);
    assert.match(without.stderr, /--api-versions gives no version for DescribeConfigs, IncrementalAlterConfigs/);
    assert.deepEqual(requests, []);
    const got = await kmirror('config', 'get', 'cfg', '--json', '--debug');
    assert.equal(got.code, 0, got.stderr);
    assert.match(got.stderr, /DescribeConfigs v5 \(key 32\)/);
    const set = await kmirror('config', 'set', 'cfg', 'mirror.fetch.max.bytes=2097152', '--json', '--debug');
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stderr, /IncrementalAlterConfigs v2 \(key 44\)/);
  });

  for (const command of [
    ['remove-topics', 'cfg', '--topic', 'orders', '--yes'],
    ['pause', 'cfg', '--topic', 'orders'],
    ['resume', 'cfg', '--topic', 'orders'],
    ['delete', 'cfg', '--yes'],
  ]) {
    it(`${command[0]} is not part of the KIP draft: exit 4 before sending anything`, async () => {
      requests = [];
      const result = await kmirror(...command);
      assert.equal(result.code, 4, result.stderr);
      assert.match(result.stderr, /is not part of KIP-1279 revision 57: KIP-1279 revision 57 has no/);
      assert.deepEqual(requests, [], 'nothing was sent');
      const json = await kmirror(...command, '--json');
      assert.equal(json.code, 4);
      assert.match((jsonOf(json) as { error: { message: string } }).error.message, /not part of KIP-1279 revision 57/);
    });
  }

  it(
    'create and add-topics go out as CreateMirror and AddTopicsToMirror; a pattern is resolved ' + 'now, not saved',
    async () => {
      const created = await kmirror('create', 'demo', '--source-bootstrap', emulator.source.bootstrap, '--json');
      assert.equal(created.code, 0, created.stderr);
      const added = await kmirror('add-topics', 'demo', '--pattern', 'ord.*', '--yes', '--json', '--debug');
      assert.equal(added.code, 0, added.stderr);
      const doc = jsonOf(added) as { added: { topic: string }[]; patterns: { include: string[] }; warnings: string[] };
      assert.deepEqual(
        doc.added.map((a) => a.topic),
        ['orders'],
      );
      assert.deepEqual(doc.patterns.include, [], 'no pattern was saved in the mirror');
      assert.ok(
        doc.warnings.some((w) =>
          /names topics only: the pattern\(s\) ord\.\* selected the topics sent now but are not saved/.test(w),
        ),
        `said in the document: ${JSON.stringify(doc.warnings)}`,
      );
      assert.match(added.stderr, /AddTopicsToMirror v0 \(key 201\)/);
      assert.doesNotMatch(added.stderr, /StartMirrorTopics v0/);
      assertMatchesSchema('add-topics', doc);
    },
  );

  it("describe keeps the broker's state name in JSON and shows one vocabulary in text", async () => {
    clock.advance(1);
    emulator.tick();
    const json = await kmirror('describe', 'demo', '--json');
    assert.equal(json.code, 0, json.stderr);
    const partitions = (jsonOf(json) as DescribeJson).mirrors[0]?.topics[0]?.partitions ?? [];
    assert.deepEqual(
      partitions.map((p) => p.state),
      ['INITIALIZING', 'INITIALIZING'],
    );
    const text = await kmirror('describe', 'demo', '--partitions');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /LOG_TRUNCATION \(INITIALIZING\)/);
    const summary = await kmirror('describe', 'demo');
    assert.match(summary.stdout, /2 LOG_TRUNCATION/);
    const filtered = await kmirror('describe', 'demo', '--state', 'LOG_TRUNCATION', '--json');
    assert.equal((jsonOf(filtered) as DescribeJson).mirrors[0]?.topics[0]?.partitions.length, 2);
  });

  it(
    'reads where a STOPPED partition ended from the mirror coordinator (FindCoordinator type 3, ' +
      'LastMirroredOffsets)',
    async () => {
      for (let i = 0; i < 40; i++) {
        clock.advance(250);
        emulator.tick();
      }
      stopTopics(emulator, 'demo', ['orders']);
      for (let i = 0; i < 10; i++) {
        clock.advance(250);
        emulator.tick();
      }
      const json = await kmirror('describe', 'demo', '--json', '--debug');
      assert.equal(json.code, 0, json.stderr);
      const partitions = (jsonOf(json) as DescribeJson).mirrors[0]?.topics[0]?.partitions ?? [];
      assert.deepEqual(
        partitions.map((p) => [p.state, String(p.destinationOffset), p.destinationOffsetSource]),
        [
          ['STOPPED', '300', 'LastMirroredOffsets'],
          ['STOPPED', '300', 'LastMirroredOffsets'],
        ],
        'where the copy ended: the source end, before the stop marker',
      );
      assert.match(json.stderr, /FindCoordinator v\d \(key 10\)/);
      assert.match(json.stderr, /LastMirroredOffsets v0 \(key 202\)/);
      assert.doesNotMatch(json.stderr, /ListOffsets/);
    },
  );

  it('list and check speak the draft; a prototype client finds no mirror RPCs there (exit 4)', async () => {
    startTopics(emulator, 'cfg', ['payments']);
    const list = await kmirror('list', '--include-topics', '--json');
    assert.equal(list.code, 0, list.stderr);
    const mirrors = (jsonOf(list) as { mirrors: { name: string; topics?: string[]; sourceClusterId: string | null }[] })
      .mirrors;
    const cfg = mirrors.find((m) => m.name === 'cfg');
    assert.deepEqual(cfg?.topics, ['payments']);
    const check = await kmirror('check', '--json');
    assert.equal(check.code, 0, check.stderr);
    const apis = (jsonOf(check) as { brokers: { apis: { name: string; apiKey: number; required: boolean }[] }[] })
      .brokers[0]?.apis;
    assert.deepEqual(
      apis?.filter((a) => a.required).map((a) => `${a.name}=${a.apiKey}`),
      [
        'CreateMirror=200',
        'AddTopicsToMirror=201',
        'LastMirroredOffsets=202',
        'ListMirrors=203',
        'DescribeMirrors=204',
      ],
    );
    const prototype = await runCli(['list', '-b', dst()]);
    assert.equal(prototype.code, 4, prototype.stderr);
  });

  it('a profile can carry protocol, api-keys and api-versions', async () => {
    const env = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'kmirror-draft-profile-')) };
    const created = await runCli(['profile', 'create', 'draft', '-b', dst(), ...draftFlags, '--use'], { env });
    assert.equal(created.code, 0, created.stderr);
    const shown = await runCli(['profile', 'show', 'draft', '--json'], { env });
    assert.equal((jsonOf(shown) as { protocol: string }).protocol, 'kip-draft');
    const list = await runCli(['list', '--json'], { env });
    assert.equal(list.code, 0, list.stderr);
    const bad = await runCli(
      ['profile', 'create', 'bad', '-b', dst(), '--protocol', 'kip-draft', '--api-keys', 'CreateClusterMirror=94'],
      { env },
    );
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /CreateClusterMirror is an RPC of --protocol prototype/);
  });

  it('--api-versions belongs to the KIP draft: with the prototype it is a usage error', async () => {
    const result = await runCli(['list', '-b', dst(), '--api-versions', 'DescribeConfigs=5']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--api-versions: the prototype speaks DescribeConfigs/);
  });
});
