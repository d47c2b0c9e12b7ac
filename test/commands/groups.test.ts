// `kmirror groups` end to end, in-process against emulated source and destination clusters whose
// destination copies group offsets every 2 s (manual clock): verdicts, filters, --fail-on, --json.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { commit, startMirrored, sync } from './groups-setup.js';

interface GroupsJson {
  mirror: string;
  filters: { include: { items: string[]; stored: boolean }; exclude: { items: string[]; stored: boolean } };
  topics: { topic: string; state: string }[];
  syncInterval: { brokerConfig: string; ms: number | null; defaultMs: number };
  groups: {
    group: string;
    verdict: string;
    direction: string | null;
    activeOnDestination: boolean;
    destinationState: string | null;
    partitions: { topic: string; partition: number; sourceOffset: number | null; destinationOffset: number | null }[];
  }[];
  notFound: string[];
  failOn?: { condition: string; holds: boolean; groups: string[] };
}

function groupsCli(emulator: EmulatedClusters, ...args: string[]): Promise<CliResult> {
  return runCli(['groups', 'm1', '-b', emulator.destination.bootstrap, ...args]);
}

async function groupsJson(emulator: EmulatedClusters, ...args: string[]): Promise<GroupsJson> {
  const result = await groupsCli(emulator, '--json', ...args);
  const doc = jsonOf(result);
  assertMatchesSchema('groups', doc);
  return doc as GroupsJson;
}

function verdicts(doc: GroupsJson): Record<string, string> {
  return Object.fromEntries(doc.groups.map((g) => [g.group, g.verdict]));
}

describe('kmirror groups', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startMirrored('groups-cmd');
  });
  after(async () => emulator?.close());

  it(
    'in sync once the destination copied them: the exact offsets per mirrored partition, JSON ' + 'core shape',
    async () => {
      commit(emulator.source.cluster, 'billing', { orders: { 0: 600n, 2: 9007199254740993n } });
      sync(emulator);
      const result = await groupsCli(emulator, '--json');
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      // Every digit: 2^53 + 1 is not a double.
      assert.match(result.stdout, /"sourceOffset": 9007199254740993/);
      assert.match(result.stdout, /"destinationOffset": 9007199254740993/);
      const doc = jsonOf(result) as GroupsJson;
      assertMatchesSchema('groups', doc);
      const billing = doc.groups.find((g) => g.group === 'billing');
      assert.equal(billing?.verdict, 'in-sync');
      assert.deepEqual(
        billing?.partitions.map((p) => [p.topic, p.partition, p.sourceOffset, p.destinationOffset]),
        // JSON.parse reads the exact literal as the nearest double; the literal itself is checked above.
        [
          ['orders', 0, 600, 600],
          ['orders', 2, 9007199254740992, 9007199254740992],
        ],
      );
      assert.equal(billing?.destinationState, 'Empty');
      assert.deepEqual(doc.topics, [{ topic: 'orders', state: 'mirroring' }]);
      assert.equal(doc.syncInterval.ms, 2000);
      assert.equal(doc.syncInterval.brokerConfig, 'mirror.metadata.refresh.interval.ms');
      assert.equal(doc.filters.include.stored, false);
      assert.deepEqual(doc.filters.include.items, ['.*']);
    },
  );

  it(
    'differs until the next sync, in either direction (the source may move back); --fail-on ' + 'out-of-sync exits 7',
    async () => {
      commit(emulator.source.cluster, 'billing', { orders: { 0: 700n } });
      let doc = await groupsJson(emulator, '--group', 'billing');
      assert.equal(doc.groups[0]?.verdict, 'differs');
      assert.equal(doc.groups[0]?.direction, 'behind');
      sync(emulator);
      commit(emulator.source.cluster, 'billing', { orders: { 0: 650n } });
      doc = await groupsJson(emulator, '--group', 'billing');
      assert.equal(doc.groups[0]?.direction, 'ahead');
      const failing = await groupsCli(emulator, '--group', 'billing', '--fail-on', 'out-of-sync', '--json');
      assert.equal(failing.code, 7, failing.stderr);
      const failed = jsonOf(failing) as GroupsJson;
      assert.deepEqual(failed.failOn, { condition: 'out-of-sync', holds: true, groups: ['billing'] });
      sync(emulator);
      const passing = await groupsCli(emulator, '--group', 'billing', '--fail-on', 'out-of-sync');
      assert.equal(passing.code, 0, passing.stderr);
      assert.match(passing.stdout, /every selected group is in sync/);
    },
  );

  it(
    'not yet copied, excluded, no offsets on mirrored topics and active on destination, as the ' + 'mirror decides',
    async () => {
      const cluster = emulator.destination.cluster;
      const set = (key: string, value: string): void => {
        const answer = cluster.incrementalAlterConfigs(
          { principal: 'User:admin', nodeId: 1 },
          {
            ValidateOnly: false,
            Resources: [
              { ResourceType: 64, ResourceName: 'm1', Configs: [{ Name: key, ConfigOperation: 0, Value: value }] },
            ],
          },
        );
        assert.equal(answer.Responses[0]?.ErrorCode, 0);
      };
      set('mirror.groups.exclude', 'internal-.*');
      commit(emulator.source.cluster, 'fresh', { orders: { 1: 5n } });
      commit(emulator.source.cluster, 'internal-tool', { orders: { 1: 5n } });
      commit(emulator.source.cluster, 'auditor', { audit: { 0: 5n } });
      commit(emulator.source.cluster, 'live', { orders: { 1: 8n } });
      cluster.groups.markActive('live');
      const doc = await groupsJson(emulator);
      assert.deepEqual(verdicts(doc), {
        auditor: 'no-mirrored-topics',
        billing: 'in-sync',
        fresh: 'not-copied',
        'internal-tool': 'excluded',
        live: 'active-on-destination',
      });
      assert.equal(doc.groups.find((g) => g.group === 'live')?.activeOnDestination, true);
      assert.deepEqual(doc.filters.exclude, {
        key: 'mirror.groups.exclude',
        items: ['internal-.*'],
        stored: true,
        defaultItems: [],
      });
      const failing = await groupsCli(emulator, '--fail-on', 'out-of-sync', '--json');
      assert.equal(failing.code, 7);
      assert.deepEqual(
        (jsonOf(failing) as GroupsJson).failOn?.groups,
        ['fresh', 'live'],
        'excluded groups do not count',
      );
      cluster.groups.markIdle('live');
      sync(emulator);
      assert.equal(verdicts(await groupsJson(emulator, '--group', 'live')).live, 'in-sync');
    },
  );

  it('text: the filters, topics, sync period and a row per partition; --group-pattern filters', async () => {
    const result = await groupsCli(emulator, '--group-pattern', 'bill.*');
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /Groups: mirror\.groups\.include=\.\* \(default\), mirror\.groups\.exclude=internal-\.\*/,
    );
    assert.match(
      result.stdout,
      /every 2 s \(mirror\.metadata\.refresh\.interval\.ms, a broker config of the destination\)/,
    );
    assert.match(result.stdout, /GROUP\s+VERDICT\s+TOPIC\s+PARTITION\s+SOURCE\s+DESTINATION\s+DIFFERENCE/);
    assert.match(result.stdout, /billing\s+in sync\s+orders\s+0\s+650\s+650\s+0/);
    assert.doesNotMatch(result.stdout, /^fresh/m);
    assert.match(result.stdout, /1 group\(s\): 1 in sync\./);
  });

  it('--group-pattern is a Java regex like every pattern: (?i) and \\Q…\\E select what Java would', async () => {
    const doc = await groupsJson(emulator, '--group-pattern', '(?i)\\QBILL\\E.*');
    assert.deepEqual(
      doc.groups.map((g) => g.group),
      ['billing'],
    );
  });

  it('a --group the source does not have: the rest is shown, exit 6', async () => {
    const result = await groupsCli(emulator, '--group', 'billing', '--group', 'nobody', '--json');
    assert.equal(result.code, 6);
    const doc = jsonOf(result) as GroupsJson;
    assert.deepEqual(doc.notFound, ['nobody']);
    assert.equal(doc.groups[0]?.group, 'billing');
  });

  it('bad input is refused before any request (exit 2); an unknown mirror exits 6', async () => {
    const bad = await groupsCli(emulator, '--group-pattern', '(', '--json');
    assert.equal(bad.code, 2);
    assert.match(bad.stdout, /invalid --group-pattern '\(': it is not a valid Java regular expression/);
    const wrongCondition = await groupsCli(emulator, '--fail-on', 'lagging');
    assert.equal(wrongCondition.code, 2);
    const unknown = await runCli(['groups', 'nope', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(unknown.code, 6);
  });

  it(
    '--source-config replaces the stored source address; --source-profile names the whole ' + 'source connection',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kmirror-groups-'));
      try {
        // The stored bootstrap.servers is an address this machine cannot reach.
        const other = await startMirrored('groups-unreachable', { 'bootstrap.servers': '127.0.0.1:1' });
        try {
          const file = join(dir, 'source.properties');
          writeFileSync(file, `bootstrap.servers=${emulator.source.bootstrap}\n`);
          const viaFile = await runCli([
            'groups',
            'm1',
            '-b',
            other.destination.bootstrap,
            '--source-config',
            file,
            '--json',
          ]);
          assert.equal(viaFile.code, 0, viaFile.stdout + viaFile.stderr);
          assert.deepEqual(
            (jsonOf(viaFile) as { sourceBootstrap: string[] }).sourceBootstrap,
            emulator.source.bootstrap.split(','),
          );
          const env = { XDG_CONFIG_HOME: dir };
          const saved = await runCli(['profile', 'create', 'src', '-b', emulator.source.bootstrap], { env });
          assert.equal(saved.code, 0, saved.stderr);
          const viaProfile = await runCli(
            ['groups', 'm1', '-b', other.destination.bootstrap, '--source-profile', 'src', '--json'],
            { env },
          );
          assert.equal(viaProfile.code, 0, viaProfile.stdout + viaProfile.stderr);
          assert.ok((jsonOf(viaProfile) as GroupsJson).groups.some((g) => g.group === 'billing'));
        } finally {
          await other.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
