// kafkajs supplies sockets, TLS, SASL handshakes and correlation; it never encodes or decodes our
// messages. We reach its Connection class directly because its public Admin API has no way to send
// an arbitrary request, and its own flexible-version helpers are not to be trusted.

// Its internal modules by path (the package index loads producer, consumer and admin too).
import KafkajsConnectionModule from 'kafkajs/src/network/connection.js';
import kafkajsLoggers from 'kafkajs/src/loggers/index.js';
import KafkajsEncoderModule from 'kafkajs/src/protocol/encoder.js';
import { scheduleChecksOnlyWhenPending } from './kafkajs-request-queue.js';
import { socketFactory } from './socket-factory.js';
import { DEFAULT_MAX_FRAME_BYTES } from './frame-reader.js';
import { guardFrames, type FrameGuardState, type GuardableConnection } from './kafkajs-frame-guard.js';
import { ForeignProtocolError } from './foreign-protocol.js';
import { ProtocolViolationError } from './protocol-violation.js';
import { probeBudgetMs, speaksTls } from './tls-probe.js';
import type { BrokerAddress, RawRequest, Transport, TransportOptions } from './transport.js';
import { TransportError, brokerLabel } from './transport.js';

interface KafkajsEncoder {
  writeBuffer(value: Buffer): KafkajsEncoder;
}
interface KafkajsConnection {
  connect(): Promise<boolean>;
  disconnect(): Promise<boolean>;
  authenticate(): Promise<void>;
  setVersions(versions: Record<number, { minVersion: number; maxVersion: number }>): void;
  setSupportAuthenticationProtocol(isSupported: boolean): void;
  isConnected(): boolean;
  rejectRequests(error: Error): void;
  socket?: { destroy(): void };
  requestQueue?: unknown;
  send(args: {
    request: { apiKey: number; apiVersion: number; apiName: string; encode(): Promise<KafkajsEncoder> };
    response: { decode(payload: Buffer): Promise<Buffer>; parse(data: Buffer): Promise<Buffer> };
    requestTimeout: number;
    logResponseError: boolean;
  }): Promise<Buffer>;
}
type ConnectionClass = new (options: Record<string, unknown>) => KafkajsConnection;
type EncoderClass = new () => KafkajsEncoder;

const Connection = KafkajsConnectionModule as ConnectionClass;
const Encoder = KafkajsEncoderModule as EncoderClass;
const { createLogger, LEVELS } = kafkajsLoggers as {
  createLogger(options: { level: number; logCreator: () => () => void }): unknown;
  LEVELS: { NOTHING: number };
};
const silentLogger = createLogger({ level: LEVELS.NOTHING, logCreator: () => () => undefined });

interface KafkajsError {
  name?: string;
  message?: string;
  code?: string;
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO|ALTNAME|ERR_SSL|ERR_TLS|EPROTO|HANDSHAKE/;

function translate(err: unknown, broker: BrokerAddress): TransportError {
  const e = (err ?? {}) as KafkajsError;
  const label = brokerLabel(broker);
  const message = (e.message ?? String(err)).replace(/^Connection error: /, '');
  const code = e.code;
  if (e.name === 'KafkaJSSASLAuthenticationError') return new TransportError('authentication', label, message);
  if (e.name === 'KafkaJSRequestTimeoutError')
    return new TransportError('timeout', label, `request timed out after waiting for ${label}`);
  if ((code && TLS_CODES.test(code)) || /certificate|SSL|TLS/i.test(message))
    return new TransportError('tls', label, message, code);
  if (e.name === 'KafkaJSConnectionClosedError' || /closed/i.test(message))
    return new TransportError('closed', label, message, code);
  if (/timeout/i.test(message)) return new TransportError('timeout', label, `connection to ${label} timed out`, code);
  return new TransportError('connect', label, message, code);
}

type KafkajsVersions = Record<number, { minVersion: number; maxVersion: number }>;

export class KafkajsTransport implements Transport {
  private readonly connections = new Map<string, Promise<KafkajsConnection>>();
  private readonly guards = new WeakMap<KafkajsConnection, FrameGuardState>();
  private readonly versions = new Map<string, { versions: KafkajsVersions; handshakeV1: boolean }>();

  constructor(private readonly options: TransportOptions) {}

  private key(broker: BrokerAddress): string {
    return `${broker.host}:${broker.port}`;
  }

  private connection(broker: BrokerAddress): Promise<KafkajsConnection> {
    const key = this.key(broker);
    const existing = this.connections.get(key);
    if (existing) return existing;
    const created = this.open(broker);
    this.connections.set(key, created);
    // A failed connect must not poison the cache: the next attempt (a retry) dials again.
    created.catch(() => this.connections.delete(key));
    return created;
  }

  private open(broker: BrokerAddress): Promise<KafkajsConnection> {
    const sasl = this.options.sasl;
    const connection = new Connection({
      host: broker.host,
      port: broker.port,
      logger: silentLogger,
      socketFactory,
      clientId: this.options.clientId,
      requestTimeout: 2_147_000_000, // our own deadline governs; see send()
      enforceRequestTimeout: false,
      connectionTimeout: this.options.connectTimeoutMs,
      ssl: this.options.tls ?? null,
      sasl: sasl
        ? {
            mechanism: sasl.mechanism,
            username: sasl.username,
            password: sasl.password,
            oauthBearerProvider: async () => ({ value: sasl.oauthToken }),
          }
        : null,
    });
    scheduleChecksOnlyWhenPending(connection);
    // kafkajs authenticates a new connection on its first request with the versions it was given: without them (a
    // reconnection) it fails inside, on every retry.
    const known = this.versions.get(this.key(broker));
    if (known) {
      connection.setVersions(known.versions);
      connection.setSupportAuthenticationProtocol(known.handshakeV1);
    }
    const guard = guardFrames(
      connection as unknown as GuardableConnection,
      brokerLabel(broker),
      this.options.maxResponseBytes ?? DEFAULT_MAX_FRAME_BYTES,
      () => {
        if (this.connections.get(this.key(broker)) === pending) this.connections.delete(this.key(broker));
        void forceClose(connection).catch(() => undefined);
      },
    );
    this.guards.set(connection, guard);
    const pending = connection.connect().then(
      () => connection,
      (err: unknown) => {
        throw translate(err, broker);
      },
    );
    return pending;
  }

  async send(broker: BrokerAddress, request: RawRequest, timeoutMs: number): Promise<Buffer> {
    const connection = await this.connection(broker);
    if (!connection.isConnected()) {
      this.connections.delete(this.key(broker));
      return this.send(broker, request, timeoutMs);
    }
    // kafkajs writes header v1; a flexible request's header v2 adds an empty tag buffer after the client id.
    const payload = request.flexibleHeader ? Buffer.concat([Buffer.of(0), request.body]) : request.body;
    let timer: NodeJS.Timeout | undefined;
    const sentAt = Date.now();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          // The connection may still deliver a late answer; drop it so nothing reads a stale reply.
          this.drop(broker);
          reject(
            new TransportError(
              'timeout',
              brokerLabel(broker),
              `no answer from ${brokerLabel(broker)} within ${timeoutMs} ms`,
              undefined,
              true,
            ),
          );
        },
        Math.max(1, timeoutMs),
      );
    });
    const sent = connection
      .send({
        request: {
          apiKey: request.apiKey,
          apiVersion: request.apiVersion,
          apiName: request.apiName,
          encode: async () => new Encoder().writeBuffer(payload),
        },
        response: { decode: async (data) => data, parse: async (data) => data },
        requestTimeout: timeoutMs,
        logResponseError: false,
      })
      .catch(async (err: unknown) => {
        this.connections.delete(this.key(broker));
        if (err instanceof ForeignProtocolError) throw err;
        if (err instanceof ProtocolViolationError)
          throw new ProtocolViolationError(err.kind, err.broker, request.apiName, err.detail);
        // Handed to the connection already: the broker may have it, whatever became of the answer.
        const probeMs = probeBudgetMs(timeoutMs, Date.now() - sentAt);
        throw await this.explainSilentClose(translate(err, broker).afterSending(), connection, broker, probeMs);
      });
    try {
      return await Promise.race([sent, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A TLS listener closes a plaintext connection without an answer (Node's sends no alert): one unverified handshake
   * tells it apart, so the answer is "use TLS", not a retry until the timeout.
   */
  private async explainSilentClose(
    err: TransportError,
    connection: KafkajsConnection,
    broker: BrokerAddress,
    probeMs: number,
  ): Promise<TransportError> {
    if (err.kind !== 'closed' || probeMs === 0) return err;
    const answered = (this.guards.get(connection)?.bytesReceived ?? 0) > 0;
    if (answered && !this.options.sasl) return (await this.saslListener(broker, probeMs)) ?? err;
    if (this.options.tls || answered) return err;
    if (!(await speaksTls(broker, probeMs))) return err;
    return new ForeignProtocolError(brokerLabel(broker), { protocol: 'tls', sample: '' });
  }

  /**
   * A plaintext connection closed after ApiVersions is what a SASL listener does: one SaslHandshake tells it apart
   * (a SASL listener names its mechanisms, any other answers ILLEGAL_SASL_STATE), so the answer is "add SASL".
   */
  private async saslListener(broker: BrokerAddress, probeMs: number): Promise<ForeignProtocolError | undefined> {
    let connection: KafkajsConnection | undefined;
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), probeMs)));
    const probe = async (): Promise<ForeignProtocolError | undefined> => {
      connection = await this.open(broker);
      const body = await connection.send({
        request: {
          apiKey: SASL_HANDSHAKE_KEY,
          apiVersion: 1,
          apiName: 'SaslHandshake',
          encode: async () => new Encoder().writeBuffer(saslHandshakeBody('PLAIN')),
        },
        response: { decode: async (data) => data, parse: async (data) => data },
        requestTimeout: probeMs,
        logResponseError: false,
      });
      const mechanisms = saslMechanismsOf(body);
      if (mechanisms === null) return undefined;
      const listener = this.options.tls ? 'SASL_SSL' : 'SASL_PLAINTEXT';
      return new ForeignProtocolError(brokerLabel(broker), { protocol: 'sasl', sample: `${listener}: ${mechanisms}` });
    };
    try {
      return await Promise.race([probe().catch(() => undefined), expiry]);
    } finally {
      clearTimeout(timer);
      if (connection) void forceClose(connection).catch(() => undefined);
    }
  }

  async authenticate(
    broker: BrokerAddress,
    supportedApis: ReadonlyMap<number, { min: number; max: number }>,
  ): Promise<void> {
    if (!this.options.sasl) return;
    const connection = await this.connection(broker);
    const versions: KafkajsVersions = {};
    for (const [key, range] of supportedApis) versions[key] = { minVersion: range.min, maxVersion: range.max };
    this.versions.set(this.key(broker), { versions, handshakeV1: supportedApis.has(36) });
    connection.setVersions(versions);
    connection.setSupportAuthenticationProtocol(supportedApis.has(36));
    try {
      await connection.authenticate();
    } catch (err) {
      this.drop(broker);
      throw translate(err, broker);
    }
  }

  discard(broker: BrokerAddress): void {
    this.drop(broker);
  }

  private drop(broker: BrokerAddress): void {
    const key = this.key(broker);
    const pending = this.connections.get(key);
    this.connections.delete(key);
    pending?.then(forceClose).catch(() => undefined);
  }

  async close(): Promise<void> {
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(all.map((p) => p.then(forceClose).catch(() => undefined)));
  }
}

/**
 * kafkajs's disconnect() waits for every in-flight request, which never ends when a broker swallowed one:
 * failing them first and destroying the socket makes closing always finish.
 */
const SASL_HANDSHAKE_KEY = 17;
const UNSUPPORTED_SASL_MECHANISM = 33;

function saslHandshakeBody(mechanism: string): Buffer {
  const name = Buffer.from(mechanism, 'utf8');
  const body = Buffer.alloc(2 + name.length);
  body.writeInt16BE(name.length, 0);
  name.copy(body, 2);
  return body;
}

/** SaslHandshake v1 answer: ErrorCode 0 or UNSUPPORTED_SASL_MECHANISM, then Mechanisms (ARRAY of STRING). */
export function saslMechanismsOf(body: Buffer): string | null {
  if (body.length < 6) return null;
  const code = body.readInt16BE(0);
  if (code !== 0 && code !== UNSUPPORTED_SASL_MECHANISM) return null;
  const count = body.readInt32BE(2);
  const names: string[] = [];
  let at = 6;
  for (let i = 0; i < count && at + 2 <= body.length; i++) {
    const length = body.readInt16BE(at);
    if (length < 0 || at + 2 + length > body.length) break;
    names.push(body.toString('utf8', at + 2, at + 2 + length).replace(/[^\x20-\x7e]/g, '?'));
    at += 2 + length;
  }
  return names.length > 0 ? names.join(', ') : 'none named';
}

async function forceClose(connection: KafkajsConnection): Promise<void> {
  connection.rejectRequests(new Error('connection closed by kmirror'));
  connection.socket?.destroy();
  await connection.disconnect();
}
