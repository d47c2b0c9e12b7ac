// Authentication and authorization against a real Kafka 4.4 broker: SASL PLAIN and SCRAM through
// --command-config and through flags, TLS trust, and the words an operator reads when Kafka says
// no. `kmirror check` is the probe: on a healthy Kafka 4.4 it exits 4 with the verdict
// `unsupported`, so exit 4 means "got past authentication"; 5 or 1 means it did not.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createTlsMaterial } from '../../src/lib/emulator/server/tls-certificates.js';
import { KafkaResponseError, toFailure, type Failure } from '../../src/lib/cli/failures/errors.js';
import { ExitCode } from '../../src/lib/cli/failures/exit-codes.js';
import { KafkaProtocolError } from '../../src/lib/kafka/errors.js';
import { CreateTopics, DescribeConfigs } from '../../src/lib/kafka/messages/index.js';
import { jsonOf, runCli, type CliResult } from '../helpers/cli.js';
import { markFailureOf, SASL_MECHANISMS, startSingleNode, type SaslMechanism, type SingleNode } from './harness.js';
import { ClientPool, ResourceType } from './kmirror-client.js';

const HOOK_TIMEOUT = 240_000;
const TOPIC = 'secured-orders';

function show(result: CliResult): string {
  return `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
}

/** Exit 4 with the unsupported verdict: connected, authenticated, and asked the broker. */
function assertGotIn(result: CliResult): void {
  assert.equal(result.code, ExitCode.Unsupported, show(result));
  assert.equal((jsonOf(result) as { verdict?: string }).verdict, 'unsupported', show(result));
}

/** One `Error:` line, at most one `Hint:` line, and no stack trace. */
function assertOneClearError(result: CliResult, message: RegExp): void {
  const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
  const errors = lines.filter((l) => l.startsWith('Error: '));
  assert.equal(errors.length, 1, show(result));
  assert.match(errors[0] ?? '', message, show(result));
  assert.ok(
    lines.every((l) => l.startsWith('Error: ') || l.startsWith('Hint: ')),
    `only Error/Hint lines:\n${result.stderr}`,
  );
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
}

function loginModule(mechanism: SaslMechanism): string {
  return mechanism === 'PLAIN'
    ? 'org.apache.kafka.common.security.plain.PlainLoginModule'
    : 'org.apache.kafka.common.security.scram.ScramLoginModule';
}

describe('authentication and authorization against Kafka 4.4', () => {
  let kafka: SingleNode;
  let dir: string;
  const clients = new ClientPool();

  before(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'kmirror-security-'));
      kafka = await startSingleNode();
      // A topic for alice to be refused on, created by a super user (ANONYMOUS on PLAINTEXT).
      const admin = clients.connect(kafka.bootstrap.plaintext);
      const created = await admin.client.send(CreateTopics, {
        Topics: [{ Name: TOPIC, NumPartitions: 1, ReplicationFactor: 1 }],
        timeoutMs: 15_000,
      });
      assert.equal(created.Topics[0]?.ErrorCode, 0, created.Topics[0]?.ErrorMessage ?? '');
    },
    { timeout: HOOK_TIMEOUT },
  );
  after(async () => {
    await clients.closeAll();
    await kafka?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const commandConfig = (name: string, mechanism: SaslMechanism, password: string): string => {
    const path = join(dir, `${name}.properties`);
    const { username } = kafka.credentials.admin;
    writeFileSync(
      path,
      [
        'security.protocol=SASL_PLAINTEXT',
        `sasl.mechanism=${mechanism}`,
        `sasl.jaas.config=${loginModule(mechanism)} required username="${username}" password="${password}";`,
        '',
      ].join('\n'),
    );
    return path;
  };

  for (const mechanism of SASL_MECHANISMS) {
    test(`${mechanism} through --command-config`, () =>
      markFailureOf(kafka, async () => {
        const file = commandConfig(mechanism, mechanism, kafka.credentials.admin.password);
        const result = await runCli(['check', '-b', kafka.bootstrap.saslPlaintext, '--command-config', file, '--json']);
        assertGotIn(result);
        assert.doesNotMatch(
          result.stdout + result.stderr,
          new RegExp(kafka.credentials.admin.password),
          'the password is never printed',
        );
      }));

    test(`${mechanism} through --sasl-* flags with the password on stdin`, () =>
      markFailureOf(kafka, async () => {
        const { username, password } = kafka.credentials.admin;
        const result = await runCli(
          [
            'check',
            '-b',
            kafka.bootstrap.saslPlaintext,
            '--sasl-mechanism',
            mechanism.toLowerCase(),
            '--sasl-username',
            username,
            '--sasl-password-stdin',
            '--json',
            '--debug',
          ],
          { stdin: `${password}\n` },
        );
        assertGotIn(result);
        assert.doesNotMatch(result.stdout + result.stderr, new RegExp(password), 'not even in the --debug trace');
      }));

    test(`${mechanism} with a wrong password: exit 5 and one clear line`, () =>
      markFailureOf(kafka, async () => {
        const file = commandConfig(`${mechanism}-wrong`, mechanism, 'not-the-password');
        const result = await runCli(['check', '-b', kafka.bootstrap.saslPlaintext, '--command-config', file]);
        assert.equal(result.code, ExitCode.Auth, show(result));
        assertOneClearError(result, /authentication failed/i);
        assert.equal(result.stdout, '');
      }));
  }

  test('a wrong password through the flags gives the same exit 5 as a JSON error', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(
        [
          'check',
          '-b',
          kafka.bootstrap.saslPlaintext,
          '--sasl-mechanism',
          'scram-sha-512',
          '--sasl-username',
          'admin',
          '--sasl-password-stdin',
          '--json',
        ],
        { stdin: 'wrong\n' },
      );
      assert.equal(result.code, ExitCode.Auth, show(result));
      const doc = jsonOf(result) as { error: { exitCode: number; message: string } };
      assert.equal(doc.error.exitCode, ExitCode.Auth);
      assert.match(doc.error.message, /authentication failed/i);
      assert.doesNotMatch(result.stderr, /^\s+at /m);
    }));

  test('TLS: trusted with --tls-ca', () =>
    markFailureOf(kafka, async () => {
      assertGotIn(await runCli(['check', '-b', kafka.bootstrap.ssl, '--tls-ca', kafka.caPemPath, '--json']));
    }));

  test('TLS: without the CA, a clear certificate message and no connection', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(['check', '-b', kafka.bootstrap.ssl, '--tls']);
      assert.equal(result.code, ExitCode.Error, show(result));
      assertOneClearError(result, /certificate/i);
      assert.match(result.stderr, /not trusted|self[- ]signed/i);
      assert.match(result.stderr, /--tls-ca/, 'the hint names the fix');
    }));

  test('TLS listener reached without --tls: exit 1 at once, "answered with TLS", the hint says --tls', () =>
    markFailureOf(kafka, async () => {
      const result = await runCli(['check', '-b', kafka.bootstrap.ssl, '--timeout', '30s']);
      assert.equal(result.code, ExitCode.Error, show(result));
      assertOneClearError(result, new RegExp(`${kafka.bootstrap.ssl} answered with TLS, not plaintext Kafka`));
      assert.match(result.stderr, /Hint: connect with TLS: add --tls/);
    }));

  test('TLS: --tls-insecure is the only way around a missing CA', () =>
    markFailureOf(kafka, async () => {
      assertGotIn(await runCli(['check', '-b', kafka.bootstrap.ssl, '--tls-insecure', '--json']));
      // Trusting some other CA does not help either.
      const other = await createTlsMaterial();
      try {
        const wrongCa = await runCli(['check', '-b', kafka.bootstrap.ssl, '--tls-ca', other.caPath]);
        assert.equal(wrongCa.code, ExitCode.Error, show(wrongCa));
        assertOneClearError(wrongCa, /certificate/i);
      } finally {
        await other.dispose();
      }
    }));

  describe('alice, authenticated but without ACLs', () => {
    const alice = () => {
      const { username, password } = kafka.credentials.alice;
      return clients.connect(kafka.bootstrap.saslPlaintext, {
        sasl: { mechanism: 'scram-sha-256', username, password },
      });
    };

    const assertReadable = (failure: Failure, name: string, subject: RegExp): void => {
      assert.equal(failure.exitCode, ExitCode.Auth, failure.message);
      assert.equal(failure.kafkaError?.name, name);
      assert.match(failure.message, subject);
      assert.match(failure.message, /authoriz/i);
      assert.doesNotMatch(failure.message, /error \d+|code \d+/i, 'words, not a raw code');
      assert.ok(failure.hint, 'a hint says what to do');
    };

    test('check works for her: exit 4, not 5', () =>
      markFailureOf(kafka, async () => {
        const { username, password } = kafka.credentials.alice;
        assertGotIn(
          await runCli(
            [
              'check',
              '-b',
              kafka.bootstrap.saslPlaintext,
              '--sasl-mechanism',
              'plain',
              '--sasl-username',
              username,
              '--sasl-password-stdin',
              '--json',
            ],
            {
              stdin: `${password}\n`,
            },
          ),
        );
      }));

    test('DescribeConfigs on a TOPIC and a BROKER: readable TOPIC/CLUSTER authorization failures, exit 5', () =>
      markFailureOf(kafka, async () => {
        const { client } = alice();
        const response = await client.send(DescribeConfigs, {
          Resources: [
            { ResourceType: ResourceType.TOPIC, ResourceName: TOPIC, ConfigurationKeys: null },
            { ResourceType: ResourceType.BROKER, ResourceName: '1', ConfigurationKeys: null },
          ],
        });
        const topic = response.Results.find((r) => r.ResourceType === ResourceType.TOPIC);
        const broker = response.Results.find((r) => r.ResourceType === ResourceType.BROKER);
        assert.equal(topic?.ErrorCode, 29, 'TOPIC_AUTHORIZATION_FAILED');
        assert.deepEqual(topic?.Configs, []);
        assert.equal(broker?.ErrorCode, 31, 'CLUSTER_AUTHORIZATION_FAILED');

        // Both ways a command meets it: the protocol layer's error and the command layer's.
        assertReadable(
          toFailure(
            new KafkaProtocolError(29, 'DescribeConfigs', topic.ErrorMessage, kafka.bootstrap.saslPlaintext, TOPIC),
          ),
          'TOPIC_AUTHORIZATION_FAILED',
          new RegExp(`topic '${TOPIC}'`),
        );
        assertReadable(
          toFailure(new KafkaResponseError(31, broker.ErrorMessage, { api: 'DescribeConfigs', broker: 1 })),
          'CLUSTER_AUTHORIZATION_FAILED',
          /cluster/i,
        );
      }));

    test('CreateTopics: a readable authorization failure for the topic, exit 5', () =>
      markFailureOf(kafka, async () => {
        const { client } = alice();
        const response = await client.send(CreateTopics, {
          Topics: [{ Name: 'alice-topic', NumPartitions: 1, ReplicationFactor: 1 }],
          timeoutMs: 15_000,
        });
        const t = response.Topics[0];
        assert.ok(t);
        assert.equal(t.ErrorCode, 29, `TOPIC_AUTHORIZATION_FAILED, got ${t.ErrorCode} ${t.ErrorMessage ?? ''}`);
        assertReadable(
          toFailure(
            new KafkaProtocolError(t.ErrorCode, 'CreateTopics', t.ErrorMessage, kafka.bootstrap.saslPlaintext, t.Name),
          ),
          'TOPIC_AUTHORIZATION_FAILED',
          /topic 'alice-topic'/,
        );
      }));
  });
});
