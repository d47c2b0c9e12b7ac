import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Flags, Parser } from '@oclif/core';
import {
  AuthenticationError,
  ConfirmationRequiredError,
  ConnectionError,
  KafkaResponseError,
  KmirrorError,
  NotFoundError,
  PartialFailureError,
  TimeoutError,
  TlsError,
  UsageError,
  exitCodeForKafkaError,
  toFailure,
} from '../../../../src/lib/cli/failures/errors.js';
import { Deadline } from '../../../../src/lib/cli/command/deadline.js';
import * as protocol from '../../../../src/lib/kafka/errors.js';
import { TransportError } from '../../../../src/lib/kafka/transport.js';

function systemError(code: string, message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...fields });
}

describe('typed errors', () => {
  it('carry exit code, hint and kafka error', () => {
    const err = new UsageError('bad flag', { hint: 'fix it' });
    assert.ok(err instanceof KmirrorError);
    assert.equal(err.name, 'UsageError');
    assert.equal(err.exitCode, 2);
    assert.equal(err.hint, 'fix it');
    assert.equal(err.kafkaError, null);
  });

  it('KafkaResponseError builds message, hint and exit code from the table', () => {
    const err = new KafkaResponseError(144, 'Cluster mirror authorization failed.', {
      api: 'DeleteClusterMirror',
      mirror: 'm1',
      broker: 2,
    });
    assert.equal(toFailure(err).exitCode, 5);
    assert.deepEqual(err.kafkaError, { code: 144, name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED' });
    assert.match(err.message, /^mirror 'm1': not authorized/);
    assert.match(err.message, /CLUSTER_MIRROR_AUTHORIZATION_FAILED from DeleteClusterMirror on broker 2/);
    // The broker's text equals the default message in spirit but not in words, so it is kept.
    assert.match(err.message, /Cluster mirror authorization failed\.$/);
    assert.match(err.hint ?? '', /--operation Delete --cluster-mirror m1/);
    assert.equal(err.retriable, false);
  });

  it('KafkaResponseError leaves out empty broker messages', () => {
    const err = new KafkaResponseError(42, '', { api: 'CreateClusterMirror', mirror: 'm1' });
    assert.equal(
      err.message,
      "mirror 'm1': the broker rejected the request as invalid (INVALID_REQUEST from CreateClusterMirror)",
    );
    assert.match(err.hint ?? '', /bootstrap\.servers/);
  });

  it('KafkaResponseError names topic and partition', () => {
    const err = new KafkaResponseError(3, null, { topic: 'orders', partition: 4 });
    assert.match(err.message, /^topic 'orders' partition 4: /);
    assert.equal(toFailure(err).exitCode, 6);
  });
});

describe('exitCodeForKafkaError', () => {
  it('maps auth, disabled and not-found codes', () => {
    for (const code of [29, 30, 31, 58, 144]) assert.equal(exitCodeForKafkaError(code), 5, `code ${code}`);
    assert.equal(exitCodeForKafkaError(35), 4);
    for (const code of [137, 3]) assert.equal(exitCodeForKafkaError(code), 6, `code ${code}`);
    for (const code of [-1, 7, 42, 136, 145, 999]) assert.equal(exitCodeForKafkaError(code), 1, `code ${code}`);
  });
});

describe('toFailure', () => {
  it('maps each typed error to its exit code', () => {
    const cases: Array<[unknown, number]> = [
      [new Error('boom'), 1],
      [new ConnectionError('no broker'), 1],
      [new TlsError('bad cert'), 1],
      [new UsageError('bad'), 2],
      [new ConfirmationRequiredError('delete mirror m1'), 2],
      [new PartialFailureError('2 of 5 topics failed', { succeeded: 3, failed: 2 }), 3],
      [new protocol.UnsupportedByClusterError('DescribeClusterMirrors', 99, '1'), 4],
      [new protocol.MirroringDisabledError('1', 0), 4],
      [new KafkaResponseError(35), 4],
      [new AuthenticationError('SASL failed'), 5],
      [new KafkaResponseError(29), 5],
      [new KafkaResponseError(30), 5],
      [new KafkaResponseError(31), 5],
      [new KafkaResponseError(58), 5],
      [new KafkaResponseError(144), 5],
      [new NotFoundError('mirror', 'm1'), 6],
      [new KafkaResponseError(137), 6],
      [new KafkaResponseError(3), 6],
      [new TimeoutError('timed out'), 124],
      [new Deadline(1000, { now: () => 0, startedAt: -5000 }).timeoutError('waiting for m1'), 124],
    ];
    for (const [err, code] of cases) assert.equal(toFailure(err).exitCode, code, String(err));
  });

  it('keeps hint and kafka error of our errors', () => {
    const f = toFailure(new KafkaResponseError(35, null, { api: 'ListClusterMirrors' }));
    assert.deepEqual(f.kafkaError, { code: 35, name: 'UNSUPPORTED_VERSION' });
    assert.match(f.hint ?? '', /mirror\.version=1/);
    const disabled = toFailure(new protocol.MirroringDisabledError('3', 0));
    assert.match(disabled.message, /mirror\.version is finalized at level 0/);
    assert.match(disabled.hint ?? '', /kafka-features\.sh .*--feature mirror\.version=1/);
    const unsupported = toFailure(new protocol.UnsupportedByClusterError('CreateClusterMirror', 94, '3'));
    assert.match(unsupported.message, /broker 3 does not support CreateClusterMirror \(API key 94\)/);
    assert.match(unsupported.hint ?? '', /--api-keys/);
  });

  it('turns socket errors into one clear line', () => {
    const refused = toFailure(
      systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9092', { address: '127.0.0.1', port: 9092 }),
    );
    assert.equal(refused.exitCode, 1);
    assert.equal(refused.message, 'cannot connect to 127.0.0.1:9092: connection refused');
    assert.match(refused.hint ?? '', /--bootstrap-server/);
    assert.match(
      toFailure(systemError('ETIMEDOUT', 'connect ETIMEDOUT', { address: '10.0.0.1', port: 9093 })).message,
      /10\.0\.0\.1:9093: connection timed out/,
    );
    assert.equal(
      toFailure(systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND kafka-1', { hostname: 'kafka-1' })).message,
      'cannot resolve host kafka-1',
    );
    assert.match(toFailure(systemError('ECONNRESET', 'read ECONNRESET')).hint ?? '', /--tls/);
    assert.match(toFailure(systemError('ECONNREFUSED', 'x', { address: '::1', port: 9092 })).message, /\[::1\]:9092/);
  });

  it('finds the socket error behind wrappers (cause, originalError, AggregateError)', () => {
    const inner = systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9092', {
      address: '127.0.0.1',
      port: 9092,
    });
    assert.match(toFailure(new Error('bootstrap failed', { cause: inner })).message, /connection refused/);
    const kafkajs = Object.assign(new Error('Connection error: connect ECONNREFUSED'), {
      name: 'KafkaJSConnectionError',
      originalError: inner,
    });
    assert.match(toFailure(kafkajs).message, /127\.0\.0\.1:9092: connection refused/);
    assert.match(toFailure(new AggregateError([inner], 'all failed')).message, /connection refused/);
    assert.equal(toFailure(new Error('outer', { cause: new NotFoundError('topic', 't') })).exitCode, 6);
  });

  it('explains TLS certificate errors and points at --tls-ca / --tls-insecure', () => {
    for (const code of [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    ]) {
      const f = toFailure(systemError(code, 'unable to verify the first certificate'));
      assert.equal(f.exitCode, 1, code);
      assert.match(f.message, /TLS certificate is not trusted/, code);
      assert.match(f.hint ?? '', /--tls-ca/, code);
      assert.match(f.hint ?? '', /--tls-insecure/, code);
    }
    const altname = toFailure(
      systemError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", {
        host: 'kafka-1',
        reason: "Host: kafka-1. is not in the cert's altnames: DNS:broker",
      }),
    );
    assert.match(altname.message, /does not match the host name 'kafka-1'/);
    assert.match(altname.hint ?? '', /ssl\.endpoint\.identification\.algorithm=/);
    assert.match(altname.hint ?? '', /--tls-insecure/);
    assert.match(toFailure(systemError('CERT_HAS_EXPIRED', 'certificate has expired')).message, /expired/);
    assert.match(toFailure(systemError('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number')).hint ?? '', /not TLS/);
    assert.equal(
      toFailure(systemError('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'alert certificate required')).exitCode,
      5,
    );
  });

  it("maps the protocol layer's errors", () => {
    const unsupported = toFailure(
      new protocol.UnsupportedByClusterError('DescribeClusterMirrors', 99, 'b1:9092 (node 1)'),
    );
    assert.equal(unsupported.exitCode, 4);
    assert.match(
      unsupported.message,
      /broker b1:9092 \(node 1\) does not support DescribeClusterMirrors \(API key 99\)/,
    );
    const range = toFailure(
      new protocol.UnsupportedByClusterError('StartMirrorTopics', 95, 'b1:9092', { min: 1, max: 2 }),
    );
    assert.match(range.message, /only versions 1-2/);
    const disabled = toFailure(new protocol.MirroringDisabledError('b1:9092', 0));
    assert.equal(disabled.exitCode, 4);
    assert.match(disabled.hint ?? '', /mirror\.version=1/);
    const mirrorLevel = toFailure(
      new protocol.KafkaProtocolError(
        144,
        'DeleteClusterMirror',
        'Cluster mirror authorization failed.',
        'b1:9092',
        'm1',
      ),
    );
    assert.equal(mirrorLevel.exitCode, 5);
    assert.match(mirrorLevel.message, /^mirror 'm1': /);
    assert.match(mirrorLevel.hint ?? '', /--operation Delete --cluster-mirror m1/);
    const topicLevel = toFailure(new protocol.KafkaProtocolError(139, 'StopMirrorTopics', null, undefined, 'orders'));
    assert.match(topicLevel.message, /^topic 'orders': /);
    const refused = new TransportError('connect', '127.0.0.1:1', 'connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED');
    const timedOut = toFailure(
      new protocol.DeadlineExceededError(2000, 'connecting to the bootstrap servers', refused),
    );
    assert.equal(timedOut.exitCode, 124);
    assert.equal(
      timedOut.message,
      'timed out after 2s (--timeout) while connecting to the bootstrap servers; last error: cannot connect ' +
        'to 127.0.0.1:1: connection refused',
    );
    assert.match(timedOut.hint ?? '', /--bootstrap-server/);
    assert.equal(toFailure(new protocol.DeadlineExceededError(30_000, 'waiting')).exitCode, 124);
  });

  it('maps transport errors by kind and code', () => {
    assert.equal(
      toFailure(new TransportError('authentication', 'b1:9092', 'SASL SCRAM SHA256 authentication failed')).exitCode,
      5,
    );
    const cert = toFailure(
      new TransportError('tls', 'b1:9093', 'self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'),
    );
    assert.match(cert.hint ?? '', /--tls-ca/);
    const handshake = toFailure(
      new TransportError(
        'tls',
        'b1:9092',
        'Client network socket disconnected before secure TLS connection was established',
      ),
    );
    assert.match(handshake.message, /closed the connection during the TLS handshake/);
    assert.match(handshake.hint ?? '', /not TLS/);
    assert.match(
      toFailure(new TransportError('closed', 'b1:9092', 'Closed connection')).hint ?? '',
      /--sasl-mechanism/,
    );
    assert.equal(
      toFailure(new TransportError('connect', 'b1:9092', 'getaddrinfo ENOTFOUND b1', 'ENOTFOUND')).message,
      'cannot resolve host b1:9092',
    );
  });

  it('maps kafkajs protocol and SASL errors', () => {
    const protocol = Object.assign(new Error('Topic authorization failed'), {
      name: 'KafkaJSProtocolError',
      type: 'TOPIC_AUTHORIZATION_FAILED',
      code: 29,
    });
    const f = toFailure(protocol);
    assert.equal(f.exitCode, 5);
    assert.deepEqual(f.kafkaError, { code: 29, name: 'TOPIC_AUTHORIZATION_FAILED' });
    const sasl = Object.assign(new Error('SASL SCRAM SHA512 authentication failed'), {
      name: 'KafkaJSSASLAuthenticationError',
    });
    assert.equal(toFailure(sasl).exitCode, 5);
    const retries = Object.assign(new Error('retries exceeded'), {
      name: 'KafkaJSNumberOfRetriesExceeded',
      cause: protocol,
    });
    assert.equal(toFailure(retries).exitCode, 5);
  });

  it('maps response-shaped objects carrying an errorCode', () => {
    const f = toFailure({ errorCode: 137, errorMessage: "Mirror 'x' not found" });
    assert.equal(f.exitCode, 6);
    assert.match(f.message, /Mirror 'x' not found/);
  });

  it('maps AbortSignal timeouts to 124', () => {
    const domTimeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    assert.equal(toFailure(domTimeout).exitCode, 124);
  });

  it('maps oclif parse errors to 2 and cleans their text', async () => {
    const parse = (argv: string[]) =>
      Parser.parse(argv, { flags: { output: Flags.option({ options: ['json', 'yaml'] as const })() }, strict: true });
    for (const argv of [['--nope'], ['--output', 'xml'], ['extra-arg']]) {
      const err = await parse(argv).then(
        () => undefined,
        (e: unknown) => e,
      );
      const f = toFailure(err);
      assert.equal(f.exitCode, 2, argv.join(' '));
      assert.doesNotMatch(f.message, /See more help/);
      assert.ok(!f.message.includes(String.fromCharCode(27)), 'no ANSI escapes');
    }
    const wrapped = Object.assign(
      new UsageError("Parsing --timeout \n\tinvalid --timeout value 'x'\nSee more help with --help"),
      {},
    );
    assert.equal(toFailure(wrapped).message, "invalid --timeout value 'x'");
  });

  it('never throws, whatever is thrown', () => {
    assert.equal(toFailure('plain string').message, 'plain string');
    assert.equal(toFailure(undefined).exitCode, 1);
    assert.equal(toFailure(null).exitCode, 1);
    assert.equal(toFailure(42).exitCode, 1);
  });
});
