import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters } from '../../src/lib/emulator/index.js';
import type { EmulatedClusters } from '../../src/lib/emulator/index.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { assertMatchesSchema } from '../helpers/schema.js';

interface CheckJson {
  verdict: string;
  unreachable: string[];
  brokers: { nodeId: number; reachable: boolean; verdict: string | null; apis: { name: string; negotiated: number | null }[] }[];
}

function withEmulator(options: Parameters<typeof startEmulatedClusters>[0]): () => EmulatedClusters {
  let emulator: EmulatedClusters | undefined;
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'check-tests', ...options });
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
      assert.deepEqual(doc.brokers.map((b) => b.nodeId), emulator().destination.nodes.map((n) => n.nodeId));
      for (const broker of doc.brokers) {
        assert.equal(broker.verdict, 'usable');
        assert.ok(broker.apis.every((a) => a.negotiated !== null), 'every mirror and config API negotiated');
      }
    });

    it('prints a table per broker and per API for people', async () => {
      const result = await runCli(['check', '-b', emulator().destination.bootstrap]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^NODE +ADDRESS +REACHABLE/m);
      assert.match(result.stdout, /^DescribeClusterMirrors +99 +v0 +v0 +v0$/m);
      assert.match(result.stdout, /Cluster mirroring is usable on every reachable broker\./);
    });

    it('names a broker that is down, answers from the others and exits 3', async () => {
      const node = emulator().destination.nodes[2];
      assert.ok(node);
      await node.faults.down({ fenced: false });
      try {
        const result = await runCli(['check', '-b', emulator().destination.nodes[0]?.address ?? '', '--json', '--timeout', '10s']);
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
        ['check', '-b', emulator().destination.bootstrap, '--tls-ca', emulator().security.tls?.caPath ?? '', '--sasl-mechanism', 'scram-sha-512', '--sasl-username', username, '--sasl-password-stdin', '--debug', '--json'],
        { stdin: `${password}\n` },
      );
      assert.equal(result.code, 0, result.stderr);
      assert.ok(password.length > 0);
      assert.ok(!result.stdout.includes(password) && !result.stderr.includes(password), 'the password must not appear in any output');
    });

    it('a wrong password exits 5 with one clear line', async () => {
      const { username } = credentials();
      const result = await runCli(
        ['check', '-b', emulator().destination.bootstrap, '--tls-ca', emulator().security.tls?.caPath ?? '', '--sasl-mechanism', 'plain', '--sasl-username', username, '--sasl-password-stdin'],
        { stdin: 'not-the-password\n' },
      );
      assert.equal(result.code, 5, result.stderr);
      assert.match(result.stderr, /^Error: .*authentication/im);
      assert.ok(!/\n\s+at /.test(result.stderr), 'no stack trace without --debug');
    });

    it('without the CA the certificate is refused with a clear message, and --tls-insecure gets past it', async () => {
      const { username, password } = credentials();
      const base = ['check', '-b', emulator().destination.bootstrap, '--tls', '--sasl-mechanism', 'plain', '--sasl-username', username, '--sasl-password-stdin', '--timeout', '5s'];
      const refused = await runCli(base, { stdin: `${password}\n` });
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /certificate/i);
      assert.match(refused.stderr, /--tls-ca/);
      const insecure = await runCli([...base, '--tls-insecure'], { stdin: `${password}\n` });
      assert.equal(insecure.code, 0, insecure.stderr);
    });
  });

  it('exits 124 with the cause when nothing answers within --timeout', async () => {
    const result = await runCli(['check', '-b', '127.0.0.1:1', '--timeout', '1s']);
    assert.equal(result.code, 124);
    assert.match(result.stderr, /timed out after 1s/);
    assert.match(result.stderr, /connection refused/i);
  });

  it('rejects a malformed bootstrap address before connecting (exit 2)', async () => {
    const result = await runCli(['check', '-b', 'no-port-here']);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /host:port/);
  });
});
