// Secrets on the command line and in messages, end to end: a secret-valued KEY=VALUE argument is
// refused (exit 2, before any request) unless --allow-secret-arg; --config-file takes it from a file or
// stdin; and masking replaces only the secret values, so errors and hints keep their structure.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulatedClusters, type EmulatedClusters } from '../../src/lib/emulator/index.js';
import { runCli } from '../helpers/in-process-cli.js';
import { joinedRegex } from '../helpers/joined-regex.js';

const PASSWORD = 'Sup3r-s3cret-pw';
const JAAS =
  `org.apache.kafka.common.security.plain.PlainLoginModule required username="alice" ` + `password="${PASSWORD}";`;
const DEAD = '127.0.0.1:1';

describe('secrets on the command line and in messages', () => {
  let emulator: EmulatedClusters;
  let dir = '';
  let dst = '';
  before(async () => {
    emulator = await startEmulatedClusters({ seed: 'secrets', growthPerSec: 0 });
    dst = emulator.destination.bootstrap;
    dir = mkdtempSync(join(tmpdir(), 'kmirror-secrets-'));
    const created = await runCli(['create', 'm1', '-b', dst, '--source-bootstrap', emulator.source.bootstrap]);
    assert.equal(created.code, 0, created.stderr);
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const stored = (key: string): string | undefined => emulator.destination.cluster.mirrors.configsOf('m1')?.get(key);

  it(
    'a secret as KEY=VALUE (create --config, config set) is refused before any request, the ' + 'value never shown',
    async () => {
      for (const args of [
        ['create', 'm2', '-b', DEAD, '--source-bootstrap', DEAD, '--config', `sasl.jaas.config=${JAAS}`],
        ['config', 'set', 'm1', '-b', DEAD, `sasl.jaas.config=${JAAS}`],
        ['config', 'set', 'm1', '-b', DEAD, `ssl.truststore.password=${PASSWORD}`],
      ]) {
        const result = await runCli([...args, '--timeout', '30s']);
        assert.equal(result.code, 2, result.stderr);
        assert.match(
          result.stderr,
          joinedRegex([
            /: the value of (sasl\.jaas\.config|ssl\.truststore\.password) is a secret, and given on the command /,
            /line it stays in the shell history and the process list/,
          ]),
        );
        assert.match(result.stderr, /Hint: put it in a file and pass --config-file FILE/);
        assert.ok(!result.stderr.includes(PASSWORD));
      }
    },
  );

  it(
    '--allow-secret-arg accepts it; --config-file FILE and --config-file - (stdin) take it ' + 'without a trace',
    async () => {
      const allowed = await runCli([
        'config',
        'set',
        'm1',
        '-b',
        dst,
        `sasl.jaas.config=${JAAS}`,
        '--allow-secret-arg',
      ]);
      assert.equal(allowed.code, 0, allowed.stderr);
      assert.equal(stored('sasl.jaas.config'), JAAS);

      const file = join(dir, 'secret.properties');
      writeFileSync(file, `ssl.truststore.password=${PASSWORD}-file\n`);
      const fromFile = await runCli(['config', 'set', 'm1', '-b', dst, '--config-file', file]);
      assert.equal(fromFile.code, 0, fromFile.stderr);
      assert.equal(stored('ssl.truststore.password'), `${PASSWORD}-file`);

      const fromStdin = await runCli(['config', 'set', 'm1', '-b', dst, '--config-file', '-'], {
        stdin: `ssl.truststore.password=${PASSWORD}-stdin\n`,
      });
      assert.equal(fromStdin.code, 0, fromStdin.stderr);
      assert.equal(stored('ssl.truststore.password'), `${PASSWORD}-stdin`);
      for (const run of [allowed, fromFile, fromStdin]) assert.ok(!`${run.stdout}${run.stderr}`.includes(PASSWORD));

      const created = await runCli(
        ['create', 'm3', '-b', dst, '--source-bootstrap', emulator.source.bootstrap, '--config-file', '-'],
        { stdin: `sasl.jaas.config=${JAAS}\n` },
      );
      assert.equal(created.code, 0, created.stderr);
      assert.equal(emulator.destination.cluster.mirrors.configsOf('m3')?.get('sasl.jaas.config'), JAAS);

      const both = await runCli(['config', 'set', 'm1', '-b', DEAD, '--config-file', '-', '--sasl-password-stdin']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--config-file - and --sasl-password-stdin both read stdin/);
    },
  );

  it('a malformed JAAS line: the message and the hint stay readable, only the password is masked', async () => {
    const file = join(dir, 'bad-jaas.properties');
    writeFileSync(
      file,
      [
        'bootstrap.servers=localhost:9092',
        'security.protocol=SASL_PLAINTEXT',
        'sasl.mechanism=PLAIN',
        `sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="alice" ` +
          `password="${PASSWORD}"`,
      ].join('\n'),
    );
    const result = await runCli(['list', '--command-config', file]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(
      result.stderr,
      joinedRegex([
        /line 4: sasl\.jaas\.config: the entry for org\.apache\.kafka\.common\.security\.plain\.PlainLoginModule /,
        /must end with ';'/,
      ]),
    );
    assert.match(
      result.stderr,
      joinedRegex([
        /Hint: the form is: sasl\.jaas\.config=org\.apache\.kafka\.common\.security\.plain\.PlainLoginModule /,
        /required username="…" password="…";/,
      ]),
    );
    assert.ok(!result.stderr.includes(PASSWORD));
  });

  it('a --tls-ca that is not a certificate: the hint shows the PEM marker it asks for', async () => {
    const file = join(dir, 'not-a-cert.pem');
    writeFileSync(file, 'not a certificate\n');
    const result = await runCli(['list', '-b', DEAD, '--tls-ca', file]);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /Hint: give the CA certificate\(s\) in PEM form \(-----BEGIN CERTIFICATE-----\)$/m);
  });
});
