// Just enough of the Kafka wire protocol, over node:net, for the harness smoke test to prove that
// the SASL listener offers the configured mechanisms and that the PLAIN and SCRAM users exist.
// Deliberately independent of the project's own Kafka client, which the harness must be able to test.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

const CREATE_TOPICS = 19;
const SASL_HANDSHAKE = 17;
const SASL_AUTHENTICATE = 36;

export const ERROR_TOPIC_AUTHORIZATION_FAILED = 29;

/** A connection that sends request frames and reads response frames in order. */
export class RawKafkaConnection {
  private buffer = Buffer.alloc(0);
  private waiters: { resolve: (frame: Buffer) => void; reject: (err: Error) => void }[] = [];
  private frames: Buffer[] = [];
  private failure: Error | undefined;
  private correlationId = 0;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: Error): void => {
      this.failure ??= err;
      for (const w of this.waiters.splice(0)) w.reject(this.failure);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by broker')));
  }

  static open(host: string, port: number, timeoutMs = 10_000): Promise<RawKafkaConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`timeout talking to ${host}:${port}`)));
      socket.once('connect', () => {
        socket.removeListener('error', reject);
        resolve(new RawKafkaConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Over TLS, trusting only `ca`; the server name is checked against the certificate's SAN. */
  static openTls(host: string, port: number, ca: string, timeoutMs = 10_000): Promise<RawKafkaConnection> {
    return new Promise((resolve, reject) => {
      const socket = tlsConnect({ host, port, ca });
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`timeout talking to ${host}:${port}`)));
      socket.once('secureConnect', () => {
        socket.removeListener('error', reject);
        resolve(new RawKafkaConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 4) {
      const size = this.buffer.readInt32BE(0);
      if (this.buffer.length < 4 + size) break;
      const frame = this.buffer.subarray(4, 4 + size);
      this.buffer = this.buffer.subarray(4 + size);
      const waiter = this.waiters.shift();
      if (waiter) waiter.resolve(frame);
      else this.frames.push(frame);
    }
  }

  private nextFrame(): Promise<Buffer> {
    const ready = this.frames.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Sends a request with header v1 (non-flexible) and returns the body after the response header v0. */
  async request(apiKey: number, apiVersion: number, body: Buffer): Promise<Reader> {
    const correlationId = ++this.correlationId;
    const clientId = Buffer.from('kmirror-harness-smoke');
    const header = Buffer.alloc(10);
    header.writeInt16BE(apiKey, 0);
    header.writeInt16BE(apiVersion, 2);
    header.writeInt32BE(correlationId, 4);
    header.writeInt16BE(clientId.length, 8);
    const payload = Buffer.concat([header, clientId, body]);
    const size = Buffer.alloc(4);
    size.writeInt32BE(payload.length);
    this.socket.write(Buffer.concat([size, payload]));
    const reader = new Reader(await this.nextFrame());
    const got = reader.int32();
    if (got !== correlationId) throw new Error(`correlation id ${got}, expected ${correlationId}`);
    return reader;
  }

  /** SaslHandshake v1: returns the error code and the mechanisms the listener has enabled. */
  async saslHandshake(mechanism: string): Promise<{ errorCode: number; mechanisms: string[] }> {
    const r = await this.request(SASL_HANDSHAKE, 1, kafkaString(mechanism));
    const errorCode = r.int16();
    const count = r.int32();
    const mechanisms: string[] = [];
    for (let i = 0; i < count; i++) mechanisms.push(r.string() ?? '');
    return { errorCode, mechanisms };
  }

  /**
   * CreateTopics v4 (the newest non-flexible version) with validate_only set, so nothing is
   * created: the error code tells whether the connection's principal may create the topic.
   */
  async validateCreateTopic(name: string): Promise<{ errorCode: number; errorMessage: string | null }> {
    const topic = Buffer.alloc(4 + 2 + 4 + 4);
    topic.writeInt32BE(1, 0); // num_partitions
    topic.writeInt16BE(1, 4); // replication_factor
    topic.writeInt32BE(0, 6); // assignments: none
    topic.writeInt32BE(0, 10); // configs: none
    const count = Buffer.alloc(4);
    count.writeInt32BE(1);
    const tail = Buffer.alloc(5);
    tail.writeInt32BE(10_000, 0); // timeout_ms
    tail.writeInt8(1, 4); // validate_only
    const r = await this.request(CREATE_TOPICS, 4, Buffer.concat([count, kafkaString(name), topic, tail]));
    r.int32(); // throttle_time_ms
    if (r.int32() !== 1) throw new Error('expected one topic result');
    r.string();
    return { errorCode: r.int16(), errorMessage: r.string() };
  }

  /** SaslAuthenticate v0 with the given token. */
  async saslAuthenticate(
    token: Buffer,
  ): Promise<{ errorCode: number; errorMessage: string | null; authBytes: Buffer }> {
    const body = Buffer.alloc(4);
    body.writeInt32BE(token.length);
    const r = await this.request(SASL_AUTHENTICATE, 0, Buffer.concat([body, token]));
    return { errorCode: r.int16(), errorMessage: r.string(), authBytes: r.bytes() };
  }
}

export class Reader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}
  int16(): number {
    const v = this.buf.readInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  int32(): number {
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  string(): string | null {
    const len = this.int16();
    if (len < 0) return null;
    const s = this.buf.toString('utf8', this.pos, this.pos + len);
    this.pos += len;
    return s;
  }
  bytes(): Buffer {
    const len = this.int32();
    if (len < 0) return Buffer.alloc(0);
    const b = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return b;
  }
}

function kafkaString(s: string): Buffer {
  const b = Buffer.from(s);
  const len = Buffer.alloc(2);
  len.writeInt16BE(b.length);
  return Buffer.concat([len, b]);
}

export type AuthResult = { ok: true } | { ok: false; errorCode: number; message: string };

/** Handshake + authenticate with SASL/PLAIN. */
export async function authenticatePlain(
  conn: RawKafkaConnection,
  username: string,
  password: string,
): Promise<AuthResult> {
  const hs = await conn.saslHandshake('PLAIN');
  if (hs.errorCode !== 0)
    return { ok: false, errorCode: hs.errorCode, message: `handshake refused; enabled: ${hs.mechanisms.join(',')}` };
  const res = await conn.saslAuthenticate(Buffer.from(`\0${username}\0${password}`));
  return res.errorCode === 0 ? { ok: true } : { ok: false, errorCode: res.errorCode, message: res.errorMessage ?? '' };
}

/** Handshake + the two SCRAM round trips (RFC 5802), checking the server's signature too. */
export async function authenticateScram(
  conn: RawKafkaConnection,
  mechanism: 'SCRAM-SHA-256' | 'SCRAM-SHA-512',
  username: string,
  password: string,
): Promise<AuthResult> {
  const hash = mechanism === 'SCRAM-SHA-256' ? 'sha256' : 'sha512';
  const keyLen = mechanism === 'SCRAM-SHA-256' ? 32 : 64;
  const hs = await conn.saslHandshake(mechanism);
  if (hs.errorCode !== 0)
    return { ok: false, errorCode: hs.errorCode, message: `handshake refused; enabled: ${hs.mechanisms.join(',')}` };

  const clientNonce = randomBytes(24).toString('base64url');
  const clientFirstBare = `n=${username.replace(/=/g, '=3D').replace(/,/g, '=2C')},r=${clientNonce}`;
  const first = await conn.saslAuthenticate(Buffer.from(`n,,${clientFirstBare}`));
  if (first.errorCode !== 0) return { ok: false, errorCode: first.errorCode, message: first.errorMessage ?? '' };
  const serverFirst = first.authBytes.toString('utf8');
  const attrs = new Map(serverFirst.split(',').map((kv) => [kv.slice(0, 1), kv.slice(2)] as const));
  const nonce = attrs.get('r') ?? '';
  const salt = Buffer.from(attrs.get('s') ?? '', 'base64');
  const iterations = Number(attrs.get('i'));
  if (!nonce.startsWith(clientNonce) || !iterations) throw new Error(`bad server-first-message: ${serverFirst}`);

  const saltedPassword = pbkdf2Sync(password, salt, iterations, keyLen, hash);
  const clientKey = createHmac(hash, saltedPassword).update('Client Key').digest();
  const storedKey = createHash(hash).update(clientKey).digest();
  const clientFinalWithoutProof = `c=${Buffer.from('n,,').toString('base64')},r=${nonce}`;
  const authMessage = `${clientFirstBare},${serverFirst},${clientFinalWithoutProof}`;
  const clientSignature = createHmac(hash, storedKey).update(authMessage).digest();
  const proof = Buffer.from(clientKey.map((b, i) => b ^ (clientSignature[i] ?? 0)));
  const final = await conn.saslAuthenticate(Buffer.from(`${clientFinalWithoutProof},p=${proof.toString('base64')}`));
  if (final.errorCode !== 0) return { ok: false, errorCode: final.errorCode, message: final.errorMessage ?? '' };

  const serverKey = createHmac(hash, saltedPassword).update('Server Key').digest();
  const expected = createHmac(hash, serverKey).update(authMessage).digest();
  const got = Buffer.from(final.authBytes.toString('utf8').replace(/^v=/, ''), 'base64');
  if (got.length !== expected.length || !timingSafeEqual(got, expected))
    throw new Error('server signature does not match');
  return { ok: true };
}
