import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { runCli as runBinary } from '../helpers/cli.js';
import { jsonOf, runCli } from '../helpers/in-process-cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';
import { aclEmulatorOptions, asUser, protocolClient, setUpMirror } from './mirror-protocol-setup.js';
import { INSTANT_START } from '../helpers/emulator-timing.js';
import { joinedRegex } from '../helpers/joined-regex.js';

interface MirrorPermissionJson {
  operation: string;
  allowed: boolean;
  neededBy: string[];
}

interface CheckJson {
  verdict: string;
  mirror?: { name: string; authorizedOperations: string[]; permissions: MirrorPermissionJson[] } | null;
  unreachable: string[];
  brokers: {
    nodeId: number;
    reachable: boolean;
    verdict: string | null;
    apis: { name: string; negotiated: number | null }[];
  }[];
}

function withEmulator(options: Parameters<typeof startEmulatedClusters>[0]): () => EmulatedClusters {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ timing: INSTANT_START, seed: 'check-tests', ...options });
  });
  after(async () => emulator?.close());
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

describe('kmirror check', () => {
  describe('on a cluster with mirroring enabled', () => {
    const emulator = withEmulator({});

    it('reports every broker usable and exits 0', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap, '--json']);
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as CheckJson;
      assertMatchesSchema('check', doc);
      assert.equal(doc.verdict, 'usable');
      assert.ok(!('mirror' in doc), 'no mirror part without a MIRROR argument');
      assert.deepEqual(
        doc.brokers.map((b) => b.nodeId),
        emulator().destination.nodes.map((n) => n.nodeId),
      );
      for (const broker of doc.brokers) {
        assert.equal(broker.verdict, 'usable');
        assert.ok(
          broker.apis.every((a) => a.negotiated !== null),
          'every mirror and config API negotiated',
        );
      }
    });

    it('prints a table per broker and per API for people', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^NODE +ADDRESS +REACHABLE/m);
      assert.match(result.stdout, /^DescribeClusterMirrors +99 +yes +v0 +v0 +v0$/m);
      assert.match(result.stdout, /Cluster mirroring is usable on every reachable broker\./);
    });

    it('names a broker that is down, answers from the others and exits 3', async () => {
      const node = emulator().destination.nodes[2];
      assert.ok(node);
      await node.faults.down({ fenced: false });
      try {
        const result = await runCli([
          'check',
          '-b',
          emulator().destination.nodes[0]?.address ?? '',
          '--json',
          '--timeout',
          '10s',
        ]);
        assert.equal(result.code, 3, result.stderr);
        const doc = jsonOf(result) as CheckJson;
        assertMatchesSchema('check', doc);
        assert.equal(doc.unreachable.length, 1);
        assert.match(doc.unreachable[0] ?? '', new RegExp(`:${node.port} \\(node ${node.nodeId}\\)$`));
        assert.equal(doc.brokers.filter((b) => b.reachable).length, 2);
      } finally {
        await node.faults.up();
      }
    });

    it('traces every request with --debug on stderr and keeps stdout clean', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap, '--json', '--debug']);
      assert.equal(result.code, 0);
      assert.match(result.stderr, /ApiVersions v4 \(key 18\)/);
      assert.match(result.stderr, /Metadata v\d+ \(key 3\)/);
      jsonOf(result);
    });
  });

  describe('on a cluster with the mirror APIs but mirror.version 0', () => {
    const emulator = withEmulator({ mirroringDisabled: true });
    it('says mirroring is disabled, how to enable it, and exits 4', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap]);
      assert.equal(result.code, 4);
      assert.match(result.stdout, /present but mirroring is disabled/);
      assert.match(result.stdout, /kafka-features\.sh .*mirror\.version=1/);
    });

    it('with MIRROR: skips the mirror part (mirror: null) and still exits 4', async () => {
      const result = await runCli(['check', 'm1', '-b', emulator().destination.bootstrap, '--json']);
      assert.equal(result.code, 4, result.stderr);
      const doc = jsonOf(result) as CheckJson;
      assertMatchesSchema('check', doc);
      assert.equal(doc.mirror, null);
    });
  });

  describe('on a Kafka without the mirror APIs', () => {
    const emulator = withEmulator({ oldBroker: true });
    it('says it does not support mirroring and exits 4', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap, '--json']);
      assert.equal(result.code, 4);
      const doc = jsonOf(result) as CheckJson;
      assert.equal(doc.verdict, 'unsupported');
      const create = doc.brokers[0]?.apis.find((a) => a.name === 'CreateClusterMirror');
      assert.deepEqual(create?.negotiated, null);
    });
  });

  describe('with SASL and TLS', () => {
    const emulator = withEmulator({ sasl: true, tls: true });
    const credentials = () => {
      const users = emulator().security.sasl?.users ?? {};
      const [username, password] = Object.entries(users)[0] ?? ['', ''];
      return { username, password };
    };

    it('connects with SCRAM over verified TLS and never prints the password, even in --debug traces', async () => {
      const { username, password } = credentials();
      const result = await runCli(
        [
          'check',
          '-b',
          emulator().destination.bootstrap,
          '--tls-ca',
          emulator().security.tls?.caPath ?? '',
          '--sasl-mechanism',
          'scram-sha-512',
          '--sasl-username',
          username,
          '--sasl-password-stdin',
          '--debug',
          '--json',
        ],
        { stdin: `${password}\n` },
      );
      assert.equal(result.code, 0, result.stderr);
      assert.ok(password.length > 0);
      assert.ok(
        !result.stdout.includes(password) && !result.stderr.includes(password),
        'the password must not appear in any output',
      );
    });

    it('a wrong password exits 5 with one clear line', async () => {
      const { username } = credentials();
      const result = await runCli(
        [
          'check',
          '-b',
          emulator().destination.bootstrap,
          '--tls-ca',
          emulator().security.tls?.caPath ?? '',
          '--sasl-mechanism',
          'plain',
          '--sasl-username',
          username,
          '--sasl-password-stdin',
        ],
        { stdin: 'not-the-password\n' },
      );
      assert.equal(result.code, 5, result.stderr);
      assert.match(result.stderr, /^Error: .*authentication/im);
      assert.ok(!/\n\s+at /.test(result.stderr), 'no stack trace without --debug');
    });

    it('without the CA the certificate is refused with a clear message, and --tls-insecure gets past it', async () => {
      const { username, password } = credentials();
      const base = [
        'check',
        '-b',
        emulator().destination.bootstrap,
        '--tls',
        '--sasl-mechanism',
        'plain',
        '--sasl-username',
        username,
        '--sasl-password-stdin',
        '--timeout',
        '5s',
      ];
      // A real process: the password arrives on a pipe, as from printf in a shell.
      const refused = await runBinary(base, { stdin: `${password}\n` });
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /certificate/i);
      assert.match(refused.stderr, /--tls-ca/);
      const insecure = await runBinary([...base, '--tls-insecure'], { stdin: `${password}\n` });
      assert.equal(insecure.code, 0, insecure.stderr);
    });
  });

  describe('check MIRROR: the operations this principal may perform on the mirror', () => {
    const emulator = withEmulator(aclEmulatorOptions('check-mirror-tests'));
    before(async () => {
      const admin = protocolClient(emulator());
      try {
        await setUpMirror(admin, emulator(), 'm1', {});
      } finally {
        await admin.close();
      }
    });
    const runAs = (user: Parameters<typeof asUser>[1], args: readonly string[]) => {
      const as = asUser(emulator(), user);
      return runCli([...args, ...as.args], { env: as.env });
    };
    const permission = (doc: CheckJson, operation: string) =>
      doc.mirror?.permissions.find((p) => p.operation === operation);

    it('with every permission: all allowed, exit 0, and the JSON matches the schema', async () => {
      const result = await runAs('full', ['check', 'm1', '--json']);
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as CheckJson;
      assertMatchesSchema('check', doc);
      assert.equal(doc.verdict, 'usable');
      assert.equal(doc.mirror?.name, 'm1');
      assert.deepEqual([...(doc.mirror?.authorizedOperations ?? [])].sort(), [
        'ALTER',
        'ALTER_CONFIGS',
        'CREATE',
        'DELETE',
        'DESCRIBE',
        'DESCRIBE_CONFIGS',
      ]);
      assert.deepEqual(
        doc.mirror?.permissions.map((p) => [p.operation, p.allowed]),
        [
          ['DESCRIBE', true],
          ['ALTER', true],
          ['DELETE', true],
          ['DESCRIBE_CONFIGS', true],
          ['ALTER_CONFIGS', true],
          ['CREATE', true],
        ],
      );
      assert.ok(permission(doc, 'ALTER')?.neededBy.includes('delete'), 'delete needs ALTER too');
      assert.deepEqual(permission(doc, 'DELETE')?.neededBy, ['delete']);

      const text = await runAs('full', ['check', 'm1']);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /Cluster mirroring is usable on every reachable broker\./);
      assert.match(text.stdout, /^OPERATION +ALLOWED +NEEDED BY$/m);
      assert.match(text.stdout, /^DELETE +yes +delete$/m);
      assert.match(text.stdout, /This principal may run every kmirror command on mirror m1\./);
    });

    it('with DESCRIBE only: says what is missing and what it prevents, and still exits 0 (a report)', async () => {
      const result = await runAs('reader', ['check', 'm1', '--json']);
      assert.equal(result.code, 0, result.stderr);
      const doc = jsonOf(result) as CheckJson;
      assertMatchesSchema('check', doc);
      assert.deepEqual(doc.mirror?.authorizedOperations, ['DESCRIBE']);
      assert.deepEqual(
        doc.mirror?.permissions.filter((p) => p.allowed).map((p) => p.operation),
        ['DESCRIBE'],
      );

      const text = await runAs('reader', ['check', 'm1']);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^DESCRIBE +yes +list, describe$/m);
      assert.match(text.stdout, /^ALTER +no +add-topics, remove-topics, pause, resume, delete$/m);
      assert.match(text.stdout, /^DELETE +no +delete$/m);
      assert.match(text.stdout, /^ALTER_CONFIGS +no +config set$/m);
      assert.match(
        text.stdout,
        joinedRegex([
          /Missing on mirror m1: ALTER, DELETE, DESCRIBE_CONFIGS, ALTER_CONFIGS; these commands would fail with exit /,
          /5: add-topics, remove-topics, pause, resume, delete, config get, config set\./,
        ]),
      );
      assert.match(
        text.stdout,
        /delete needs both DELETE \(checked by the broker\) and ALTER \(checked by the controller\)/,
      );
    });

    it('a principal that may not describe the mirror: "not authorized to describe", exit 5', async () => {
      const result = await runAs('stranger', ['check', 'm1', '--json']);
      assert.equal(result.code, 5, result.stderr);
      const doc = jsonOf(result) as { error: { kafkaError: { code: number } | null; message: string } };
      assert.equal(doc.error.kafkaError?.code, 144);
      assert.match(doc.error.message, /not authorized to describe mirror 'm1'/);

      const text = await runAs('stranger', ['check', 'm1']);
      assert.equal(text.code, 5);
      assert.match(text.stdout, /Cluster mirroring is usable/, 'the cluster part is still shown');
      assert.match(text.stderr, /^Error: not authorized to describe mirror 'm1'/m);
    });

    it('an unknown mirror exits 6', async () => {
      const result = await runAs('full', ['check', 'no-such-mirror']);
      assert.equal(result.code, 6, result.stderr);
      assert.match(result.stderr, /mirror 'no-such-mirror' not found/);
    });
  });

  it('exits 1 at once, not 124 after --timeout, when the only bootstrap address refuses', async () => {
    const result = await runCli(['check', '-b', '127.0.0.1:1', '--timeout', '30s']);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /127\.0\.0\.1:1 refused the connection/);
  });

  it('rejects a malformed bootstrap address before connecting (exit 2)', async () => {
    const result = await runCli(['check', '-b', 'no-port-here']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /host:port/);
  });
});
