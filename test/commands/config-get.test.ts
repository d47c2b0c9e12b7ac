// End-to-end tests of `kmirror config get` run in-process against emulated clusters.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters, type EmulatorOptions } from '../../src/lib/emulator/index.js';
import { MIRROR_CONFIG_KEYS } from '../../src/lib/mirror/config/config-keys.js';
import { jsonOf, runCli, type CliResult } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';

interface ConfigDoc {
  mirror: string;
  configs: { name: string; value: string | null; source: string; sensitive: boolean; type: string | null }[];
}

const JAAS =
  'org.apache.kafka.common.security.plain.PlainLoginModule required username="mirror" password="jaas-secret-77";';

function useEmulator(
  options: EmulatorOptions,
  mirrors: Readonly<Record<string, Readonly<Record<string, string>>>>,
): () => EmulatedClusters {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ timing: INSTANT_START, seed: 'kmirror-config-get', ...options });
    // Stored straight into the engine, as CreateClusterMirror would, so these tests do not depend on `create`.
    for (const [mirror, configs] of Object.entries(mirrors)) {
      for (const [key, value] of Object.entries(configs))
        emulator.destination.cluster.mirrors.setConfig(mirror, key, value);
    }
  });
  after(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

function errorOf(result: CliResult): { exitCode: number; kafkaError: { code: number } | null; message: string } {
  return (jsonOf(result) as { error: { exitCode: number; kafkaError: { code: number } | null; message: string } })
    .error;
}

const MIRROR = {
  // config get never connects to the source, so a fixed address keeps the golden text stable.
  'bootstrap.servers': 'source-a.example:9092,source-b.example:9092',
  'mirror.source.cluster.id': 'src-cluster-1',
  'mirror.topics.include': 'orders-.*,payments',
  'security.protocol': 'SASL_SSL',
  'sasl.jaas.config': JAAS,
  'ssl.truststore.password': 'trust-pw-1234',
};

describe('kmirror config get', () => {
  const env = useEmulator({}, { m1: MIRROR });

  it('prints the stored keys with secrets masked (golden text)', async () => {
    const emulator = env();
    const result = await runCli(['config', 'get', 'm1', '-b', emulator.destination.bootstrap]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.equal(
      result.stdout,
      [
        'Configs of mirror m1:',
        '',
        'KEY                       VALUE                                        SOURCE',
        'bootstrap.servers         source-a.example:9092,source-b.example:9092  mirror',
        'mirror.source.cluster.id  src-cluster-1                                mirror',
        'mirror.topics.include     orders-.*,payments                           mirror',
        'sasl.jaas.config          [redacted]                                   mirror',
        'security.protocol         SASL_SSL                                     mirror',
        'ssl.truststore.password   [redacted]                                   mirror',
        '',
        'Secret values are masked; --show-secrets reveals them.',
        '',
      ].join('\n'),
    );
  });

  it('masks secrets in JSON and reveals them only with --show-secrets', async () => {
    const emulator = env();
    const masked = await runCli(['config', 'get', 'm1', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(masked.code, 0, masked.stderr);
    assert.doesNotMatch(masked.stdout, /jaas-secret-77|trust-pw-1234/);
    const doc = jsonOf(masked) as ConfigDoc;
    assertMatchesSchema('config get', doc);
    assert.deepEqual(
      doc.configs.find((c) => c.name === 'sasl.jaas.config'),
      { name: 'sasl.jaas.config', value: '[redacted]', source: 'mirror', sensitive: true, type: 'PASSWORD' },
    );

    const shown = await runCli([
      'config',
      'get',
      'm1',
      '-b',
      emulator.destination.bootstrap,
      '--json',
      '--show-secrets',
    ]);
    assert.equal(shown.code, 0, shown.stderr);
    const revealed = jsonOf(shown) as ConfigDoc;
    assertMatchesSchema('config get', revealed);
    assert.equal(revealed.configs.find((c) => c.name === 'sasl.jaas.config')?.value, JAAS);
    assert.equal(revealed.configs.find((c) => c.name === 'ssl.truststore.password')?.value, 'trust-pw-1234');

    const table = await runCli(['config', 'get', 'm1', '-b', emulator.destination.bootstrap, '--show-secrets']);
    assert.match(table.stdout, /trust-pw-1234/);
  });

  it('filters by KEY arguments, showing the default of a known key that is not stored', async () => {
    const emulator = env();
    const result = await runCli([
      'config',
      'get',
      'm1',
      'mirror.topics.include',
      'request.timeout.ms',
      '-b',
      emulator.destination.bootstrap,
      '--json',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as ConfigDoc;
    assertMatchesSchema('config get', doc);
    assert.deepEqual(doc, {
      schemaVersion: 1,
      mirror: 'm1',
      configs: [
        {
          name: 'mirror.topics.include',
          value: 'orders-.*,payments',
          source: 'mirror',
          sensitive: false,
          type: 'LIST',
        },
        { name: 'request.timeout.ms', value: '30000', source: 'default', sensitive: false, type: 'INT' },
      ],
      warnings: [],
    });
  });

  it('--all adds every key of the table that is not stored, with its default', async () => {
    const emulator = env();
    const result = await runCli(['config', 'get', 'm1', '--all', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const doc = jsonOf(result) as ConfigDoc;
    assertMatchesSchema('config get', doc);
    assert.deepEqual(
      doc.configs.map((c) => c.name),
      MIRROR_CONFIG_KEYS.map((k) => k.name).sort(),
    );
    assert.deepEqual(
      doc.configs.find((c) => c.name === 'mirror.topics.exclude'),
      { name: 'mirror.topics.exclude', value: '__.*', source: 'default', sensitive: false, type: 'LIST' },
    );
    assert.equal(doc.configs.find((c) => c.name === 'ssl.keystore.password')?.value, null);
    assert.equal(doc.configs.find((c) => c.name === 'mirror.topics.include')?.source, 'mirror');

    const text = await runCli(['config', 'get', 'm1', '--all', '-b', emulator.destination.bootstrap]);
    assert.match(text.stdout, /^mirror\.fetch\.max\.bytes\s+1048576\s+default$/m);
  });

  it('exits 6 for a mirror that does not exist', async () => {
    const emulator = env();
    const result = await runCli(['config', 'get', 'nope', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(result.code, 6);
    assert.equal(errorOf(result).message, "mirror 'nope' not found");
  });

  it('exits 2 for a KEY that is neither stored nor known', async () => {
    const emulator = env();
    const result = await runCli(['config', 'get', 'm1', 'request.timeout', '-b', emulator.destination.bootstrap]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /'request\.timeout' is not a mirror config key.*did you mean 'request\.timeout\.ms'/);
  });
});

describe('kmirror config get against clusters that refuse', () => {
  const disabled = useEmulator({ mirroringDisabled: 'destination', oldBroker: 'source' }, { m1: MIRROR });

  it('warns and proceeds when mirroring is disabled (the prototype does not gate type 64)', async () => {
    const emulator = disabled();
    const result = await runCli([
      'config',
      'get',
      'm1',
      'mirror.source.cluster.id',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: Cluster Mirroring is disabled on this cluster/);
    assert.match(result.stdout, /mirror\.source\.cluster\.id\s+src-cluster-1\s+mirror/);
  });

  it('exits 4 on a broker without the mirror APIs', async () => {
    const emulator = disabled();
    const result = await runCli(['config', 'get', 'm1', '-b', emulator.source.bootstrap, '--json']);
    assert.equal(result.code, 4);
    assert.match(errorOf(result).message, /does not support/);
  });

  const guarded = useEmulator(
    {
      destination: {
        acls: {
          rules: [
            { principal: 'User:alice', resourceType: 'CLUSTER_MIRROR', name: '*', operation: 'DESCRIBE_CONFIGS' },
          ],
        },
      },
    },
    { m1: MIRROR },
  );

  it('exits 5 without DESCRIBE_CONFIGS on the mirror (144)', async () => {
    const emulator = guarded();
    const result = await runCli(['config', 'get', 'm1', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(result.code, 5);
    assert.equal(errorOf(result).kafkaError?.code, 144);
  });
});

describe('kmirror config get of a mirror that names 10,000 topics', () => {
  // A functional test: it must finish (cli-table3 never did); how fast is printed by `npm run bench`.
  const topics = Array.from({ length: 10_000 }, (_, i) => `orders-${String(i).padStart(5, '0')}`);
  const env = useEmulator({}, { big: { ...MIRROR, 'mirror.topics.include': topics.join(',') } });

  it('folds the long value one name per line in the table', async () => {
    const emulator = env();
    const result = await runCli([
      'config',
      'get',
      'big',
      'mirror.topics.include',
      '-b',
      emulator.destination.bootstrap,
    ]);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.equal(lines[2], 'KEY                    VALUE          SOURCE');
    assert.equal(lines[3], 'mirror.topics.include  orders-00000,  mirror');
    assert.equal(lines[4], '                       orders-00001,');
    assert.equal(lines[3 + 9_999], '                       orders-09999');
    assert.equal(lines.length, 3 + 10_000 + 1);
  });

  it('gives the whole value in --json and -o yaml', async () => {
    const emulator = env();
    const json = await runCli(['config', 'get', 'big', '-b', emulator.destination.bootstrap, '--json']);
    assert.equal(json.code, 0, json.stderr);
    const doc = jsonOf(json) as ConfigDoc;
    assert.equal(doc.configs.find((c) => c.name === 'mirror.topics.include')?.value, topics.join(','));
    const yaml = await runCli(['config', 'get', 'big', '-b', emulator.destination.bootstrap, '-o', 'yaml']);
    assert.equal(yaml.code, 0, yaml.stderr);
    assert.ok(yaml.stdout.replace(/\s+/g, '').includes(topics.join(',')), 'yaml holds every name');
  });
});
