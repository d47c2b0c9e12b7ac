// End-to-end tests of `kmirror config set` run in-process against emulated clusters.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type EmulatorOptions } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { joinedRegex } from '../helpers/joined-regex.js';

interface Env {
  emulator: EmulatedClusters;
  requests: string[];
}

const DEFAULT_EXCLUDE =
  'follower.replication.throttled.replicas,leader.replication.throttled.replicas,message.timestamp.difference.max.ms,' +
  'log.message.timestamp.before.max.ms,log.message.timestamp.after.max.ms,message.timestamp.type,' +
  'unclean.leader.election.enable,min.insync.replicas';

const BASE: Readonly<Record<string, string>> = {
  'bootstrap.servers': 'source.example:9092',
  'mirror.source.cluster.id': 'src-cluster-1',
  'mirror.topics.include': 'orders-.*',
};

function useEmulator(options: EmulatorOptions = {}): () => Env {
  let env: Env | undefined;
  before(async () => {
    const requests: string[] = [];
    const emulator = await startEmulatedClusters({
      timing: INSTANT_START,
      seed: 'kmirror-config-set',
      ...options,
      onWire: (event) => {
        if (event.direction === 'request' && event.cluster === 'destination') requests.push(event.apiName);
      },
    });
    env = { emulator, requests };
  });
  after(async () => {
    await env?.emulator.close();
  });
  return () => {
    if (!env) throw new Error('emulator not started');
    return env;
  };
}

/** Replaces mirror m1's stored configs with `configs`, as if freshly created. */
function resetMirror(emulator: EmulatedClusters, configs: Readonly<Record<string, string>> = BASE): void {
  const mirrors = emulator.destination.cluster.mirrors;
  for (const key of [...(mirrors.configsOf('m1')?.keys() ?? [])]) mirrors.setConfig('m1', key, null);
  for (const [key, value] of Object.entries(configs)) mirrors.setConfig('m1', key, value);
}

function errorOf(result: CliResult): {
  exitCode: number;
  kafkaError: { code: number; name: string } | null;
  message: string;
  hint: string | null;
} {
  return (
    jsonOf(result) as {
      error: {
        exitCode: number;
        kafkaError: { code: number; name: string } | null;
        message: string;
        hint: string | null;
      };
    }
  ).error;
}

describe('kmirror config set', () => {
  const env = useEmulator();
  beforeEach(() => resetMirror(env().emulator));
  const stored = (key: string): string | undefined => env().emulator.destination.cluster.mirrors.config('m1', key);

  it('sets, appends and deletes, then shows the stored configs (golden text)', async () => {
    const { emulator } = env();
    emulator.destination.cluster.mirrors.setConfig('m1', 'mirror.groups.exclude', 'tmp-.*');
    const result = await runCli([
      'config',
      'set',
      'm1',
      'request.timeout.ms=60000',
      '--append',
      'mirror.topics.include=payments',
      '--delete',
      'mirror.groups.exclude',
      '-b',
      emulator.destination.bootstrap,
      '--yes',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        'Updated mirror m1:',
        '  set request.timeout.ms=60000',
        '  deleted mirror.groups.exclude (back to its default)',
        '  appended payments to mirror.topics.include',
        '',
        'Stored configs now:',
        '',
        'KEY                       VALUE                SOURCE',
        'bootstrap.servers         source.example:9092  mirror',
        'mirror.source.cluster.id  src-cluster-1        mirror',
        'mirror.topics.include     orders-.*,payments   mirror',
        'request.timeout.ms        60000                mirror',
        '',
      ].join('\n'),
    );
    assert.equal(stored('request.timeout.ms'), '60000');
    assert.equal(stored('mirror.topics.include'), 'orders-.*,payments');
    assert.equal(stored('mirror.groups.exclude'), undefined);
  });

  it(
    'topic filters start or stop topics by themselves: saving them needs a yes (--dry-run and ' +
      'shrinking include do not)',
    async () => {
      const { emulator, requests } = env();
      const set = (...args: string[]) => runCli(['config', 'set', 'm1', ...args, '-b', emulator.destination.bootstrap]);
      const before = requests.length;
      const exclude = await set('mirror.topics.exclude=orders-eu', '--append', 'mirror.topics.include=audit-.*');
      assert.equal(exclude.code, 2, exclude.stderr);
      assert.match(exclude.stderr, /^Mirror m1: these changes start or stop topics by themselves:$/m);
      assert.match(
        exclude.stderr,
        joinedRegex(
          [
            /^ {2}set mirror\.topics\.exclude=orders-eu: the broker stops every topic of the mirror that matches /,
            /\(failover/,
          ],
          'm',
        ),
      );
      assert.match(
        exclude.stderr,
        /^ {2}append audit-\.\* to mirror\.topics\.include: the mirror starts every source topic/m,
      );
      assert.match(
        exclude.stderr,
        /refusing to change mirror\.topics\.exclude and mirror\.topics\.include of mirror 'm1' without confirmation/,
      );
      assert.ok(!requests.slice(before).includes('IncrementalAlterConfigs'), 'nothing was sent');
      assert.equal(stored('mirror.topics.exclude'), undefined);
      const json = await set('--delete', 'mirror.topics.exclude', '--json');
      assert.equal(json.code, 2, 'JSON output never asks');
      assert.match(errorOf(json).message, /refusing to change mirror\.topics\.exclude of mirror 'm1'/);
      assert.equal((await set('mirror.topics.include=pay.*', '--dry-run')).code, 0, '--dry-run changes nothing');
      assert.equal(stored('mirror.topics.include'), 'orders-.*');
      const yes = await set('mirror.topics.exclude=orders-eu', '--yes');
      assert.equal(yes.code, 0, yes.stderr);
      assert.equal(stored('mirror.topics.exclude'), 'orders-eu');
    },
  );

  it('prints JSON matching the schema, secrets masked, and --subtract removes list items', async () => {
    const { emulator } = env();
    resetMirror(emulator, { ...BASE, 'mirror.topics.include': 'orders-.*,payments,audit' });
    const result = await runCli([
      'config',
      'set',
      'm1',
      'ssl.truststore.password=new-trust-pw',
      '--allow-secret-arg',
      '--subtract',
      'mirror.topics.include=payments',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /new-trust-pw/);
    const doc = jsonOf(result) as {
      validateOnly: boolean;
      changes: unknown[];
      configs: { name: string; value: string | null; sensitive: boolean }[];
    };
    assertMatchesSchema('config set', doc);
    assert.equal(doc.validateOnly, false);
    assert.deepEqual(doc.changes, [
      { name: 'ssl.truststore.password', operation: 'SET', value: '[redacted]' },
      { name: 'mirror.topics.include', operation: 'SUBTRACT', value: 'payments' },
    ]);
    assert.deepEqual(
      doc.configs.find((c) => c.name === 'ssl.truststore.password'),
      { name: 'ssl.truststore.password', value: '[redacted]', source: 'mirror', sensitive: true, type: 'PASSWORD' },
    );
    assert.equal(stored('ssl.truststore.password'), 'new-trust-pw');
    assert.equal(stored('mirror.topics.include'), 'orders-.*,audit');
  });

  it('--validate-only lets the broker check and changes nothing', async () => {
    const { emulator, requests } = env();
    const before = requests.length;
    const result = await runCli([
      'config',
      'set',
      'm1',
      'mirror.fetch.max.bytes=2097152',
      '--validate-only',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /nothing was changed \(--validate-only\)/);
    assert.ok(requests.slice(before).includes('IncrementalAlterConfigs'), 'the broker was asked to validate');
    assert.equal(stored('mirror.fetch.max.bytes'), undefined);
  });

  it('refuses to delete an INT key, suggesting its default, before any request', async () => {
    const { emulator, requests } = env();
    const before = requests.length;
    const result = await runCli([
      'config',
      'set',
      'm1',
      '--delete',
      'mirror.fetch.max.bytes',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 2);
    const error = errorOf(result);
    assert.match(
      error.message,
      /cannot delete mirror\.fetch\.max\.bytes: .*cannot parse as INT \(it answers UNKNOWN_SERVER_ERROR\)/,
    );
    assert.match(error.hint ?? '', /mirror\.fetch\.max\.bytes=1048576/);
    assert.equal(requests.length, before);
  });

  describe('refuses bad input before any request (exit 2)', () => {
    const cases: { name: string; args: string[]; message: RegExp }[] = [
      {
        name: 'an unknown key',
        args: ['mirror.fetch.max.byte=1'],
        message: /not a mirror config key \(did you mean 'mirror\.fetch\.max\.bytes'\?\)/,
      },
      { name: 'a bad INT', args: ['request.timeout.ms=1.5'], message: /invalid value '1\.5' for request\.timeout\.ms/ },
      {
        // Its name looks like a secret's (…key), but it is no mirror key: that comes first.
        name: 'an unknown key whose name looks like a secret',
        args: ['no.such.key=1'],
        message: /config set: 'no\.such\.key' is not a mirror config key/,
      },
      { name: 'a LONG below its minimum', args: ['mirror.fetch.backoff.ms=-5'], message: /at least 0/ },
      {
        name: 'an argument without =',
        args: ['request.timeout.ms'],
        message: /'request\.timeout\.ms' is not KEY=VALUE/,
      },
      {
        name: 'append to a non-LIST key',
        args: ['--append', 'request.timeout.ms=5'],
        message: /--append works on LIST keys only; request\.timeout\.ms is INT/,
      },
      {
        name: 'an invalid pattern',
        args: ['--append', 'mirror.topics.exclude=[abc'],
        message: /not a valid Java regular expression/,
      },
      {
        name: 'a pattern with a bare brace',
        args: ['mirror.groups.include=app{x}'],
        message: /Illegal repetition/,
      },
      {
        name: 'the same key twice',
        args: ['request.timeout.ms=1', '--delete', 'request.timeout.ms'],
        message: /changed twice/,
      },
      { name: 'deleting bootstrap.servers', args: ['--delete', 'bootstrap.servers'], message: /every mirror needs it/ },
      { name: 'nothing to change', args: [], message: /nothing to change/ },
      {
        name: 'mirror.metadata.refresh.interval.ms, a broker config the mirror would store and ignore',
        args: ['mirror.metadata.refresh.interval.ms=5000', '--allow-unknown-config'],
        message: /is a broker config of the destination cluster, not a mirror config: .*ignore it/,
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const { emulator, requests } = env();
        const before = requests.length;
        const result = await runCli(['config', 'set', 'm1', ...c.args, '-b', emulator.destination.bootstrap, '--json']);
        assert.equal(result.code, 2, result.stdout + result.stderr);
        assert.match(errorOf(result).message, c.message);
        assert.equal(requests.length, before, 'nothing was sent');
      });
    }
  });

  it('the sync period is refused with the broker command to set it instead', async () => {
    const { emulator } = env();
    const result = await runCli([
      'config',
      'set',
      'm1',
      'mirror.metadata.refresh.interval.ms=5000',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 2);
    assert.equal(
      errorOf(result).hint,
      'set it on the destination brokers (dynamic, every broker at once): kafka-configs.sh --bootstrap-server ' +
        '<destination> --alter --entity-type brokers --entity-default --add-config ' +
        'mirror.metadata.refresh.interval.ms=5000; or per broker in server.properties',
    );
    assert.equal(stored('mirror.metadata.refresh.interval.ms'), undefined);
  });

  it('warns when a new list replaces default entries (replace, not merge), showing the default list', async () => {
    const { emulator } = env();
    const set = (...args: string[]) => runCli(['config', 'set', 'm1', ...args, '-b', emulator.destination.bootstrap]);
    const replaced = await set('mirror.topic.properties.exclude=retention.bytes');
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(
      replaced.stderr,
      joinedRegex([
        /Warning: config set: mirror\.topic\.properties\.exclude=retention\.bytes replaces the default list /,
        /\(follower\.replication\.throttled\.replicas,.*,min\.insync\.replicas\); it is not merged with it, so these /,
        /topic configs are now copied from the source: follower.*min\.insync\.replicas\. To keep the default /,
        /entries, list them too:/,
      ]),
    );
    assert.equal(stored('mirror.topic.properties.exclude'), 'retention.bytes');
    const groups = await set('mirror.groups.include=app-.*');
    assert.match(groups.stderr, /mirror\.groups\.include=app-\.\* replaces the default list \(\.\*\)/);
    const kept = await set('mirror.topic.properties.exclude=' + DEFAULT_EXCLUDE + ',retention.bytes');
    assert.doesNotMatch(kept.stderr, /replaces the default list/);
    const appended = await set('--append', 'mirror.groups.exclude=tools-.*');
    assert.doesNotMatch(appended.stderr, /replaces the default list/);
  });

  it('exits 6 for a mirror that does not exist and does not create it', async () => {
    const { emulator, requests } = env();
    const before = requests.length;
    const result = await runCli([
      'config',
      'set',
      'ghost',
      'request.timeout.ms=5000',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 6);
    assert.equal(errorOf(result).message, "mirror 'ghost' not found");
    assert.equal(requests.slice(before).includes('IncrementalAlterConfigs'), false);
    assert.equal(emulator.destination.cluster.mirrors.exists('ghost'), false);
  });

  it("shows the broker's reason for INVALID_CONFIG (40)", async () => {
    const { emulator } = env();
    for (const node of emulator.destination.nodes)
      node.faults.failWith('IncrementalAlterConfigs', 40, {
        message: 'Invalid value x for configuration y: broker says no',
      });
    try {
      const result = await runCli([
        'config',
        'set',
        'm1',
        'mirror.fetch.max.bytes=2097152',
        '-b',
        emulator.destination.bootstrap,
        '--json',
      ]);
      assert.equal(result.code, 1);
      const error = errorOf(result);
      assert.deepEqual(error.kafkaError, { code: 40, name: 'INVALID_CONFIG' });
      assert.match(error.message, /broker says no/);
      assert.equal(stored('mirror.fetch.max.bytes'), undefined);
    } finally {
      for (const node of emulator.destination.nodes) node.faults.clear();
    }
  });

  it('with --allow-unknown-config sends the key and reports the broker refusing it', async () => {
    const { emulator } = env();
    const result = await runCli([
      'config',
      'set',
      'm1',
      'mirror.future.knob=1',
      '--allow-unknown-config',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /Unknown mirror configuration: mirror\.future\.knob/);
  });
});

describe('kmirror config set against clusters that refuse', () => {
  const guarded = useEmulator({
    destination: {
      acls: {
        rules: [
          { principal: 'User:ANONYMOUS', resourceType: 'CLUSTER_MIRROR', name: 'm1', operation: 'DESCRIBE_CONFIGS' },
        ],
      },
    },
  });

  it('exits 5 without ALTER_CONFIGS on the mirror (144)', async () => {
    const { emulator } = guarded();
    resetMirror(emulator);
    const result = await runCli([
      'config',
      'set',
      'm1',
      'request.timeout.ms=5000',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 5);
    assert.deepEqual(errorOf(result).kafkaError, { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED' });
    assert.equal(emulator.destination.cluster.mirrors.config('m1', 'request.timeout.ms'), undefined);
  });

  const disabled = useEmulator({ mirroringDisabled: 'destination', oldBroker: 'source' });

  it('warns and proceeds when mirroring is disabled', async () => {
    const { emulator } = disabled();
    resetMirror(emulator);
    const result = await runCli([
      'config',
      'set',
      'm1',
      'request.timeout.ms=5000',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: Cluster Mirroring is disabled/);
    assert.equal(emulator.destination.cluster.mirrors.config('m1', 'request.timeout.ms'), '5000');
  });

  it('exits 4 on a broker without the mirror APIs', async () => {
    const { emulator } = disabled();
    const result = await runCli([
      'config',
      'set',
      'm1',
      'request.timeout.ms=5000',
      '-b',
      emulator.source.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 4);
  });
});

describe('kmirror config set on a mirror with topics', () => {
  let emulator: EmulatedClusters;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'config-set-restart', demoTopics: true, growthPerSec: 0 });
    const d = emulator.destination.cluster;
    const ctx = { principal: 'User:admin', nodeId: d.controllerId };
    d.createClusterMirror(ctx, {
      MirrorName: 'live',
      Config: [
        { Name: 'bootstrap.servers', Value: emulator.source.bootstrap },
        { Name: 'mirror.source.cluster.id', Value: emulator.source.clusterId },
      ],
    });
    const orders = emulator.source.cluster.topics.get('orders');
    d.startMirrorTopics(ctx, {
      MirrorName: 'live',
      Topics: [{ TopicId: orders?.id ?? '', TopicName: 'orders', NumPartitions: orders?.partitions.length ?? 0 }],
    });
    const deadline = Date.now() + 20_000;
    while (!(d.topics.get('orders')?.partitions ?? []).every((p) => p.mirror?.state === 'MIRRORING')) {
      if (Date.now() > deadline) throw new Error('orders never reached MIRRORING');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(async () => {
    await emulator.close();
  });

  it(
    'warns that every partition restarts (briefly FAILED) and --wait waits until they are ' + 'MIRRORING again',
    async () => {
      const result = await runCli([
        'config',
        'set',
        'live',
        'mirror.fetch.max.bytes=2097152',
        '--wait',
        '20s',
        '-b',
        emulator.destination.bootstrap,
      ]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /a config change restarts every partition of the mirror, which shows FAILED/);
      assert.match(result.stderr, /Every partition that was MIRRORING before the change is MIRRORING again\./);
      const partitions = emulator.destination.cluster.topics.get('orders')?.partitions ?? [];
      assert.ok(partitions.every((p) => p.mirror?.state === 'MIRRORING'));
    },
  );

  const set = (...args: string[]) => runCli(['config', 'set', 'live', ...args, '-b', emulator.destination.bootstrap]);
  const stored = (key: string): string | undefined => emulator.destination.cluster.mirrors.config('live', key);

  it(
    'checks a new bootstrap.servers on the source first, and applies it when the source is the ' + 'same cluster',
    async () => {
      // The same source under another name: kmirror connects with it and reads the same cluster id.
      const renamed = emulator.source.bootstrap.replace(/127\.0\.0\.1/g, 'localhost');
      const result = await set(`bootstrap.servers=${renamed}`, '--json');
      assert.equal(result.code, 0, result.stderr);
      assert.equal(stored('bootstrap.servers'), renamed);
      const back = await set(`bootstrap.servers=${emulator.source.bootstrap}`, '--wait', '20s');
      assert.equal(back.code, 0, back.stderr);
    },
  );

  it(
    'refuses a mirror.source.cluster.id the source does not report (exit 2, both ids named); ' + 'nothing is sent',
    async () => {
      const result = await set('mirror.source.cluster.id=wrong-id', '--json');
      assert.equal(result.code, 2, result.stderr);
      const error = errorOf(result);
      assert.equal(
        error.message.split(';')[0],
        `the new mirror.source.cluster.id is wrong-id, but the source cluster at ${emulator.source.bootstrap} ` +
          `reports cluster id ${emulator.source.clusterId}`,
      );
      assert.match(error.message, /non-retryable FAILED .* only a restart of the destination brokers clears/);
      assert.match(error.hint ?? '', new RegExp(`set mirror\\.source\\.cluster\\.id=${emulator.source.clusterId}`));
      assert.match(error.hint ?? '', /--force/);
      assert.equal(stored('mirror.source.cluster.id'), emulator.source.clusterId);
    },
  );

  it('refuses a bootstrap.servers that reaches the destination itself', async () => {
    const result = await set(`bootstrap.servers=${emulator.destination.bootstrap}`, '--json');
    assert.equal(result.code, 2, result.stderr);
    assert.match(errorOf(result).message, /\(the new bootstrap\.servers\) is the destination cluster itself/);
    assert.equal(stored('bootstrap.servers'), emulator.source.bootstrap);
  });

  it('refuses a source that cannot be reached with the new settings, unless --force', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const refused = await set(`bootstrap.servers=127.0.0.1:${closed}`, '--timeout', '5s', '--json');
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(errorOf(refused).message, /^cannot reach the source cluster with the settings after the change \(/);
    assert.match(errorOf(refused).message, /mirror live has 1 topic\(s\) that would go FAILED; nothing was changed$/);
    assert.equal(stored('bootstrap.servers'), emulator.source.bootstrap);
    const forced = await set(`bootstrap.servers=127.0.0.1:${closed}`, '--timeout', '5s', '--force');
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(
      forced.stderr,
      joinedRegex([
        /Warning: the source settings of mirror live are changed without asking the source \(--force\): if it cannot /,
        /be reached with them .* 1 topic\(s\) go FAILED/,
      ]),
    );
    assert.equal(stored('bootstrap.servers'), `127.0.0.1:${closed}`);
    // Restored: the partitions come back by themselves.
    const back = await set(`bootstrap.servers=${emulator.source.bootstrap}`, '--wait', '20s');
    assert.equal(back.code, 0, back.stderr);
  });
});
