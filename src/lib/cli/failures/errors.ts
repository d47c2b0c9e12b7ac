// Every failure of every command ends in `toFailure`, the one place that decides exit code, message and hint;
// foreign errors (Node sockets, TLS, kafkajs, oclif) are recognised by shape, so the operator gets one clear line.

import { BootstrapUnreachableError } from '../../kafka/bootstrap-unreachable.js';
import { CredentialsError, SettingsError } from '../../connection/errors.js';
import { ENABLE_MIRRORING_HINT, type KafkaErrorRef, errors, kafkaError } from '../../kafka/error-codes.js';
import * as protocol from '../../kafka/errors.js';
import { TransportError } from '../../kafka/transport.js';
import { type ForeignProtocol, ForeignProtocolError } from '../../kafka/foreign-protocol.js';
import { ProtocolViolationError } from '../../kafka/protocol-violation.js';
import { isMirrorApi } from '../../kafka/mirror-api-keys.js';
import { KIP_DRAFT_APIS } from '../../kafka/messages/kip-draft/index.js';
import {
  ExplainedError,
  type FailureKind,
  KafkaResponseError,
  MirrorError,
  type MirrorErrorOptions,
  StepFailedError,
} from '../../mirror/core/errors.js';
import { clusterFlagIn, forClusterFlag } from './cluster-flag.js';
import { ExitCode } from './exit-codes.js';
import { formatDuration } from '../../text/durations.js';
import { redactText } from '../../connection/redact.js';

export { KafkaResponseError, NotFoundError, PartialFailureError } from '../../mirror/core/errors.js';
export type { KafkaErrorRef } from '../../kafka/error-codes.js';

export interface Failure {
  readonly exitCode: number;
  readonly message: string;
  readonly hint: string | null;
  readonly kafkaError: KafkaErrorRef | null;
}

export type KmirrorErrorOptions = MirrorErrorOptions;

export class KmirrorError extends ExplainedError {
  override readonly name: string = 'KmirrorError';
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode = ExitCode.Error, options: KmirrorErrorOptions = {}) {
    super(message, options);
    this.exitCode = exitCode;
  }
}

export class UsageError extends KmirrorError {
  override readonly name: string = 'UsageError';
  constructor(message: string, options: Omit<KmirrorErrorOptions, 'kafkaError'> = {}) {
    super(message, ExitCode.Usage, options);
  }
}

export class ConfirmationRequiredError extends KmirrorError {
  override readonly name: string = 'ConfirmationRequiredError';
  constructor(action: string, options: { flag?: string; reason?: string } = {}) {
    const flag = options.flag ?? '--yes';
    const reason = options.reason ?? 'no interactive terminal to ask on';
    super(`refusing to ${action} without confirmation (${reason})`, ExitCode.Usage, {
      hint: `review what the command will do, then run it again with ${flag}`,
    });
  }
}

const EXIT_CODE_OF_KIND: Readonly<Record<FailureKind, ExitCode>> = {
  failed: ExitCode.Error,
  denied: ExitCode.Auth,
  unsupported: ExitCode.Unsupported,
  'not-found': ExitCode.NotFound,
  'invalid-input': ExitCode.Usage,
  partial: ExitCode.PartialFailure,
  'condition-holds': ExitCode.ConditionHolds,
};

export function exitCodeForKafkaError(code: number): ExitCode {
  return EXIT_CODE_OF_KIND[kafkaError(code).exit];
}

export class TimeoutError extends KmirrorError {
  override readonly name: string = 'TimeoutError';
  constructor(message: string, options: KmirrorErrorOptions = {}) {
    super(message, ExitCode.Timeout, {
      hint: 'raise --timeout (e.g. --timeout 2m) or check that the brokers are reachable and healthy',
      ...options,
    });
  }
}

export class ConnectionError extends KmirrorError {
  override readonly name: string = 'ConnectionError';
  constructor(message: string, options: KmirrorErrorOptions = {}) {
    super(message, ExitCode.Error, options);
  }
}

export class AuthenticationError extends KmirrorError {
  override readonly name: string = 'AuthenticationError';
  constructor(message: string, options: KmirrorErrorOptions = {}) {
    super(message, ExitCode.Auth, options);
  }
}

export class TlsError extends KmirrorError {
  override readonly name: string = 'TlsError';
  constructor(message: string, options: KmirrorErrorOptions & { exitCode?: ExitCode } = {}) {
    super(message, options.exitCode ?? ExitCode.Error, options);
  }
}

const TLS_CA_HINT =
  'pass the CA that signed the broker certificate with --tls-ca ca.pem (or ssl.truststore.* in --command-config); ' +
  '--tls-insecure skips verification (for testing only)';

const CLIENT_CERT_HINT =
  'the broker wants a client certificate it trusts (ssl.client.auth=required): pass --tls-cert and --tls-key ' +
  '(or ssl.keystore.* in --command-config)';

const NOT_TLS_HINT =
  'the listener is probably not TLS: connect to the TLS listener port, or drop --tls / use ' +
  'security.protocol PLAINTEXT or SASL_PLAINTEXT';

interface SystemErrorFields {
  code?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  host?: unknown;
  reason?: unknown;
}

function endpointOf(err: SystemErrorFields & { broker?: unknown }): string | undefined {
  // The transport labels brokers "host:port (node n)" and keeps the OS code, not the address.
  if (err.address === undefined && typeof err.broker === 'string') return err.broker;
  const host =
    typeof err.address === 'string'
      ? err.address
      : typeof err.hostname === 'string'
        ? err.hostname
        : typeof err.host === 'string'
          ? err.host
          : undefined;
  if (host === undefined) return undefined;
  return typeof err.port === 'number' || typeof err.port === 'string'
    ? `${host.includes(':') ? `[${host}]` : host}:${err.port}`
    : host;
}

function failure(exitCode: number, message: string, hint: string | null, kafka: KafkaErrorRef | null = null): Failure {
  return { exitCode, message, hint, kafkaError: kafka };
}

function networkFailure(err: Error & SystemErrorFields): Failure | undefined {
  const code = typeof err.code === 'string' ? err.code : undefined;
  const where = endpointOf(err);
  const to = where ? ` ${where}` : '';
  const checkBootstrap =
    'check -b/--bootstrap-server (or bootstrap.servers) and that the broker listens on that address';
  switch (code) {
    case 'ECONNREFUSED':
      return failure(ExitCode.Error, `cannot connect to${to || ' the broker'}: connection refused`, checkBootstrap);
    case 'ETIMEDOUT':
      return failure(
        ExitCode.Error,
        `cannot connect to${to || ' the broker'}: connection timed out`,
        `${checkBootstrap}; a firewall may be dropping the traffic`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return failure(
        ExitCode.Error,
        `cannot resolve host${to || ''}${code === 'EAI_AGAIN' ? ' (temporary DNS failure)' : ''}`,
        'check the host name in -b/--bootstrap-server; brokers also advertise names (advertised.listeners) ' +
          'that must resolve from here',
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return failure(ExitCode.Error, `cannot reach${to || ' the broker'}: no route to host`, checkBootstrap);
    case 'ECONNRESET':
    case 'EPIPE':
      return failure(
        ExitCode.Error,
        `the connection to${to || ' the broker'} was reset by the peer`,
        'the listener may expect TLS (--tls) or SASL (--sasl-mechanism); check security.protocol for that port',
      );
    default:
      return undefined;
  }
}

// OpenSSL errors read "805C…:error:0A00010B:SSL routines:…:wrong version number:file:line:"; only the reason counts.
function tlsDetail(err: Error & SystemErrorFields): string {
  const reason =
    typeof err.reason === 'string' ? err.reason : /:error:[0-9A-Fa-f]+:[^:]*:[^:]*:([^:]+):/.exec(err.message)?.[1];
  const text = (reason ?? err.message).trim();
  return text ? ` (${text})` : '';
}

function tlsFailure(err: Error & SystemErrorFields): Failure | undefined {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code === undefined) return undefined;
  const detail = tlsDetail(err);
  switch (code) {
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'CERT_SIGNATURE_FAILURE':
    case 'CERT_UNTRUSTED':
      return failure(ExitCode.Error, `the broker's TLS certificate is not trusted${detail}`, TLS_CA_HINT);
    case 'CERT_HAS_EXPIRED':
      return failure(
        ExitCode.Error,
        `the broker's TLS certificate has expired${detail}`,
        "renew the broker certificate (or check this machine's clock); --tls-insecure skips verification " +
          '(for testing only)',
      );
    case 'CERT_NOT_YET_VALID':
      return failure(
        ExitCode.Error,
        `the broker's TLS certificate is not valid yet${detail}`,
        "check this machine's clock; --tls-insecure skips verification (for testing only)",
      );
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const reason = (typeof err.reason === 'string' ? err.reason : err.message).trim().replace(/:$/, '');
      return failure(
        ExitCode.Error,
        `the broker's TLS certificate does not match the host ` +
          `name${typeof err.host === 'string' ? ` '${err.host}'` : ''}: ${reason}`,
        'connect with a host name the certificate lists, or set ssl.endpoint.identification.algorithm= ' +
          '(empty) in --command-config to skip only the host-name check; --tls-insecure skips all ' +
          'verification (for testing only); --tls-ca does not help here',
      );
    }
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
    case 'ERR_SSL_HTTP_REQUEST':
      return failure(ExitCode.Error, `TLS handshake failed${detail}`, NOT_TLS_HINT);
    case 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED':
    case 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE':
    case 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA':
    case 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN':
    case 'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED':
      return failure(ExitCode.Auth, `the broker rejected the TLS client certificate${detail}`, CLIENT_CERT_HINT);
    default:
      if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO') {
        if (/wrong version number|packet length too long/i.test(err.message))
          return failure(ExitCode.Error, `TLS handshake failed${detail}`, NOT_TLS_HINT);
        return failure(
          ExitCode.Error,
          `TLS failed${detail}`,
          'check the TLS settings (--tls-ca, --tls-cert, --tls-key or ssl.* in --command-config)',
        );
      }
      return undefined;
  }
}

/** kafkajs errors carry `type` (the Kafka name) and `code` (the number) when they come from a response. */
function kafkaJsFailure(err: Error & { code?: unknown; type?: unknown }): Failure | undefined {
  if (!err.name.startsWith('KafkaJS')) return undefined;
  if (typeof err.code === 'number' && typeof err.type === 'string')
    return toFailure(new KafkaResponseError(err.code, null));
  if (err.name === 'KafkaJSSASLAuthenticationError') {
    return failure(ExitCode.Auth, `SASL authentication failed: ${err.message}`, errors.SASL_AUTHENTICATION_FAILED.hint);
  }
  if (err.name === 'KafkaJSRequestTimeoutError') {
    return failure(ExitCode.Timeout, err.message, 'raise --timeout or check broker health');
  }
  return undefined;
}

const UNSUPPORTED_HINT =
  'Cluster Mirroring (KIP-1279) needs brokers that implement it; the prototype advertises API keys 94-105. If ' +
  'your build numbers the mirror APIs differently, map them with --api-keys (or KMIRROR_API_KEYS), e.g. ' +
  '--api-keys DescribeClusterMirrors=99';

const DRAFT_NAMES: readonly string[] = KIP_DRAFT_APIS.map((api) => api.name);

const DRAFT_UNSUPPORTED_HINT =
  'with --protocol kip-draft the keys come from --api-keys: check them against the broker (kmirror check ' +
  '--debug shows what it advertises)';

function unsupportedFailure(err: protocol.UnsupportedByClusterError): Failure {
  const range = (r: { min: number; max: number }) => (r.min === r.max ? `${r.min}` : `${r.min}-${r.max}`);
  const detail = err.brokerRange
    ? `: it speaks only versions ${range(err.brokerRange)}, none of which kmirror ` +
      `speaks${err.ours ? ` here (${range(err.ours)})` : ''}`
    : '';
  // For a mirror RPC the operator's question is "can this cluster mirror?", so answer it first.
  const draft = DRAFT_NAMES.includes(err.apiName);
  const lead = isMirrorApi(err.apiName) || draft ? 'this cluster does not support cluster mirroring: ' : '';
  // A config RPC narrowed by --api-versions: the cluster lacks the seed's mirror configuration management.
  if (err.ours && err.brokerRange && !lead) {
    return failure(
      ExitCode.Unsupported,
      `this cluster does not support mirror configuration management as KIP-1279 revision 57 describes it: broker ` +
        `${err.broker} speaks ${err.apiName} (API key ${err.apiKey}) only at versions ` +
        `${range(err.brokerRange)}, and --api-versions asks for ${range(err.ours)}`,
      'check --api-versions against the versions the broker advertises (kmirror check lists them)',
    );
  }
  return failure(
    ExitCode.Unsupported,
    `${lead}broker ${err.broker} does not support ${err.apiName} (API key ${err.apiKey})${detail}`,
    draft ? DRAFT_UNSUPPORTED_HINT : UNSUPPORTED_HINT,
  );
}

function dialectSettingFailure(err: protocol.DialectSettingMissingError): Failure {
  const parts = [...err.missing].map(
    ([setting, names]) => `${setting} gives no ${setting === '--api-keys' ? 'key' : 'version'} for ${names.join(', ')}`,
  );
  const examples = [...err.missing.keys()].map((setting) => `${setting} ${err.examples.get(setting) ?? '…'}`).join(' ');
  const lacks = err.missing.has('--api-keys') ? 'numbers no RPC' : 'names no config version';
  const alsoLacks = err.missing.size > 1 ? ' and names no config version' : '';
  return failure(
    ExitCode.Usage,
    `${err.dialect} ${lacks}${alsoLacks}, so kmirror sends nothing until they are given: ${parts.join('; ')}`,
    `give the numbers your broker uses, e.g. ${examples} (or KMIRROR_API_KEYS / KMIRROR_API_VERSIONS, or ` +
      `api-keys / api-versions in the profile)`,
  );
}

function protocolFailure(err: Error): Failure | undefined {
  if (err instanceof protocol.KafkaProtocolError) {
    const subject =
      err.subject === undefined
        ? {}
        : kafkaError(err.code).subject === 'topic'
          ? { topic: err.subject }
          : { mirror: err.subject };
    return toFailure(
      new KafkaResponseError(err.code, err.serverMessage, { api: err.apiName, broker: err.broker, ...subject }),
    );
  }
  if (err instanceof protocol.UnsupportedByClusterError) return unsupportedFailure(err);
  if (err instanceof protocol.NotInDialectError) {
    return failure(
      ExitCode.Unsupported,
      err.message,
      `kmirror did not send it; a cluster that implements it speaks another dialect (--protocol ` +
        `${err.dialect === 'the prototype' ? 'kip-draft' : 'prototype'})`,
    );
  }
  if (err instanceof protocol.DialectSettingMissingError) return dialectSettingFailure(err);
  if (err instanceof ProtocolViolationError) {
    // ApiVersions is the first request on every connection: a broken first answer means no Kafka listener.
    return failure(
      ExitCode.Error,
      err.message,
      err.apiName === 'ApiVersions'
        ? `${err.broker} did not answer like a Kafka broker: ${foreignHint('text')}`
        : KIP_DRAFT_APIS.some((api) => api.name === err.apiName)
          ? // An RPC of revision 57 numbered onto a key where the broker serves the prototype's RPC: the
            // broker is right, the dialect is wrong.
            `the broker most likely speaks the prototype's messages, not those of KIP-1279 revision 57: run ` +
            'the command with --protocol prototype (and without --api-keys); kmirror check shows what it serves'
          : 'the broker broke the Kafka protocol, so kmirror closed that connection; --debug shows the request ' +
            'it answered',
    );
  }
  // Services read the state back after a lost answer; this is for a caller that does not.
  if (err instanceof protocol.AnswerLostError)
    return failure(
      ExitCode.Error,
      err.message,
      'kmirror list and kmirror describe show whether the change was applied',
    );
  if (err instanceof protocol.MirroringDisabledError) {
    const where = `the cluster of broker ${err.broker}`;
    return failure(
      ExitCode.Unsupported,
      `Cluster Mirroring is disabled on ${where}: feature mirror.version is finalized at level ` +
        `${err.finalizedLevel} (needs 1)`,
      ENABLE_MIRRORING_HINT,
    );
  }
  if (err instanceof protocol.DeadlineExceededError) {
    // The last error says why the retries never succeeded (e.g. connection refused): keep its words and hint.
    const last = err.lastError ? toFailure(err.lastError) : undefined;
    return failure(
      ExitCode.Timeout,
      `timed out after ${formatDuration(err.budgetMs)} (--timeout) while ` +
        `${err.doing}${last ? `; last error: ${last.message}` : ''}`,
      last?.hint ?? 'raise --timeout (e.g. --timeout 2m) or check that the brokers are reachable and healthy',
      last?.kafkaError ?? null,
    );
  }
  if (err instanceof BootstrapUnreachableError) {
    const reasons = new Set(err.addresses.map((a) => a.reason));
    const hints = [...reasons].flatMap((reason) =>
      reason === 'refused' || reason === 'unresolved' ? [] : [foreignHint(reason)],
    );
    return failure(
      ExitCode.Error,
      `no Kafka broker answered at any bootstrap address: ${err.message}`,
      hints.length > 0 && hints.length === reasons.size
        ? [...new Set(hints)].join('; ')
        : 'check -b/--bootstrap-server (or bootstrap.servers, or the profile) and that the brokers listen there',
    );
  }
  if (err instanceof TransportError) {
    switch (err.kind) {
      case 'authentication':
        return failure(
          ExitCode.Auth,
          `SASL authentication failed on broker ${err.broker}: ${err.message}`,
          errors.SASL_AUTHENTICATION_FAILED.hint,
        );
      case 'tls':
        if (/disconnected before secure TLS connection|socket hang up/i.test(err.message)) {
          return failure(
            ExitCode.Error,
            `broker ${err.broker} closed the connection during the TLS handshake`,
            'the listener is probably not TLS (connect to the TLS listener port, or drop --tls / use ' +
              'security.protocol PLAINTEXT or SASL_PLAINTEXT), or it requires a client certificate ' +
              '(--tls-cert and --tls-key)',
          );
        }
        return (
          tlsFailure(err) ??
          failure(
            ExitCode.Error,
            `TLS failed with broker ${err.broker}${tlsDetail(err)}`,
            'check the TLS settings (--tls-ca, --tls-cert, --tls-key or ssl.* in --command-config)',
          )
        );
      case 'foreign':
        return failure(
          ExitCode.Error,
          err.message,
          foreignHint(err instanceof ForeignProtocolError ? err.answer.protocol : 'text'),
        );
      case 'closed':
        return (
          networkFailure(err) ??
          failure(
            ExitCode.Error,
            `broker ${err.broker} closed the connection (${err.message})`,
            'the listener may expect TLS (--tls) or SASL (--sasl-mechanism), or the broker is shutting ' +
              'down; check security.protocol for that port',
          )
        );
      default:
        return (
          networkFailure(err) ??
          failure(
            ExitCode.Error,
            `cannot talk to broker ${err.broker}: ${err.message}`,
            'check -b/--bootstrap-server and that the brokers are reachable from here',
          )
        );
    }
  }
  return undefined;
}

function foreignHint(protocol: ForeignProtocol): string {
  if (protocol === 'sasl')
    return (
      'add --sasl-mechanism with one of those and --sasl-username (the password from KMIRROR_SASL_PASSWORD, ' +
      '--sasl-password-stdin or a prompt), or set security.protocol, sasl.mechanism and sasl.jaas.config in ' +
      '--command-config'
    );
  return protocol === 'tls'
    ? "connect with TLS: add --tls (and --tls-ca FILE when a private CA signed the brokers' certificates), or " +
        'set security.protocol=SSL (SASL_SSL with SASL) in --command-config'
    : '-b/--bootstrap-server must name a Kafka listener (often port 9092, or 9093 for TLS), not a web, REST ' +
        'proxy or other service';
}

function causeOf(err: unknown): unknown {
  if (typeof err !== 'object' || err === null) return undefined;
  const record = err as { cause?: unknown; originalError?: unknown; errors?: unknown };
  if (record.cause !== undefined) return record.cause;
  if (record.originalError !== undefined) return record.originalError;
  // AggregateError from a happy-eyeballs connect: the first attempt's error explains it.
  if (Array.isArray(record.errors) && record.errors.length > 0) return record.errors[0];
  return undefined;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

// oclif wraps errors thrown by a flag's `parse` as "Parsing --x \n\t<message>\nSee more help with --help".
// String steps, not one expression: the message quotes the user's value, of any length.
function unwrapped(message: string): string {
  const tail = '\nSee more help with --help';
  const body = message.endsWith(tail) ? message.slice(0, -tail.length) : message;
  const tab = body.indexOf('\n\t');
  const flag = tab === -1 ? '' : body.slice('Parsing --'.length, tab).trimEnd();
  if (body !== message && body.startsWith('Parsing --') && flag !== '' && !/\s/.test(flag))
    return body.slice(tab + 2).trim();
  return body.trim();
}

/** oclif's own messages come coloured; the colour is taken out (our output colours itself). */
function cleanMessage(message: string): string {
  return unwrapped(message.replace(ANSI, ''));
}

interface OclifCliErrorShape {
  oclif?: { exit?: unknown };
  parse?: unknown;
  showHelp?: unknown;
  suggestions?: unknown;
}

/** Messages of our own errors keep the broker's exact text: the JSON carries it exactly, the terminal escaped. */
function ownFailure(err: unknown): Failure | undefined {
  if (err instanceof KmirrorError) return failure(err.exitCode, unwrapped(err.message), err.hint, err.kafkaError);
  if (err instanceof StepFailedError) {
    const inner = toFailure(err.cause);
    return failure(
      inner.exitCode,
      `${err.message}: ${inner.message}`,
      `${inner.hint ? `${inner.hint}; ` : ''}${err.hint ?? ''}`,
      inner.kafkaError,
    );
  }
  if (err instanceof MirrorError) {
    return failure(EXIT_CODE_OF_KIND[err.kind], unwrapped(err.message), err.hint, err.kafkaError);
  }
  if (err instanceof CredentialsError) return failure(ExitCode.Auth, unwrapped(err.message), err.hint);
  if (err instanceof SettingsError) return failure(ExitCode.Usage, unwrapped(err.message), err.hint);
  return undefined;
}

/**
 * Order matters: our own errors, then Kafka codes, then the transport's (TLS before sockets: a TLS error can
 * carry a socket code too), then oclif's.
 */
export function toFailure(err: unknown): Failure {
  const own = ownFailure(err);
  if (own) return own;
  if (!(err instanceof Error)) {
    if (typeof err === 'object' && err !== null && typeof (err as { errorCode?: unknown }).errorCode === 'number') {
      return toFailure(
        new KafkaResponseError(
          (err as { errorCode: number }).errorCode,
          (err as { errorMessage?: string | null }).errorMessage ?? null,
        ),
      );
    }
    return failure(ExitCode.Error, typeof err === 'string' ? err : `unexpected failure: ${String(err)}`, null);
  }

  // Walk the cause chain: transport libraries wrap the socket error that explains everything.
  const seen = new Set<unknown>();
  for (let current: unknown = err; current instanceof Error && !seen.has(current); current = causeOf(current)) {
    seen.add(current);
    if (current !== err && ownFailure(current)) return toFailure(current);
    const mapped =
      protocolFailure(current) ??
      kafkaJsFailure(current) ??
      tlsFailure(current as Error & SystemErrorFields) ??
      networkFailure(current as Error & SystemErrorFields);
    if (mapped) return mapped;
    if (current.name === 'TimeoutError') {
      return failure(
        ExitCode.Timeout,
        current === err ? `timed out: ${current.message}` : `timed out: ${err.message}`,
        'raise --timeout (e.g. --timeout 2m)',
      );
    }
  }

  const oclif = err as Error & OclifCliErrorShape;
  if ('parse' in oclif && 'showHelp' in oclif) {
    return failure(
      ExitCode.Usage,
      cleanMessage(err.message),
      'see --help for the flags and arguments this command takes',
    );
  }
  if (/^Parsing --\S+\s*\n\t/.test(err.message)) {
    return failure(ExitCode.Usage, cleanMessage(err.message), 'see --help for the accepted values');
  }
  const oclifExit = oclif.oclif?.exit;
  if (typeof oclifExit === 'number') {
    return failure(oclifExit, cleanMessage(err.message), null);
  }
  if (err.name === 'AbortError') return failure(ExitCode.Error, 'the operation was aborted', null);
  return failure(ExitCode.Error, cleanMessage(err.message) || err.name, null);
}

export function failureOf(err: unknown): Failure {
  const mapped = toFailure(err);
  const flag = clusterFlagIn(err);
  const hint = mapped.hint === null || flag === undefined ? mapped.hint : forClusterFlag(mapped.hint, flag);
  return {
    exitCode: mapped.exitCode === ExitCode.Ok ? ExitCode.Error : mapped.exitCode,
    message: redactText(flag === undefined ? mapped.message : `${flag}: ${mapped.message}`),
    hint: hint === null ? null : redactText(hint),
    kafkaError: mapped.kafkaError,
  };
}
