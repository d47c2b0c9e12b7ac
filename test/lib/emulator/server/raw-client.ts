// A minimal Kafka client for protocol tests: one socket, our own codec, one request at a time.
// It exists so the emulator is judged by bytes on a real TCP (or TLS) connection.

import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { ApiDefinition } from '../../../../src/lib/kafka/definition.js';
import { ApiKeyMap } from '../../../../src/lib/kafka/mirror-api-keys.js';
import { decodeResponseFrame, encodeRequestFrame } from '../../../../src/lib/kafka/frames.js';
import type { RequestInput, ResponseOf } from '../../../../src/lib/kafka/message-types.js';
import { FrameReader } from '../../../../src/lib/kafka/frame-reader.js';

export interface RawClientOptions {
  /** Connect with TLS using these options (host and port are filled in). */
  readonly tls?: ConnectionOptions;
  readonly clientId?: string | null;
  /** How long to wait for a frame before failing the test; default 5 s. */
  readonly timeoutMs?: number;
  /** The keys the emulator serves the mirror APIs on, when remapped. */
  readonly apiKeys?: ApiKeyMap;
}

function parseAddress(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
}

export class RawClient {
  private readonly reader = new FrameReader();
  private readonly frames: Buffer[] = [];
  private waiter: { resolve: (frame: Buffer) => void; reject: (err: Error) => void } | undefined;
  private closedError: Error | undefined;
  private readonly closedPromise: Promise<void>;
  private correlationId = 1;

  private constructor(
    readonly socket: Socket,
    private readonly options: RawClientOptions,
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.reader.push(chunk)) this.deliver(frame);
    });
    this.closedPromise = new Promise((resolve) => {
      socket.once('close', () => {
        this.closedError = new Error('connection closed by the server');
        this.waiter?.reject(this.closedError);
        this.waiter = undefined;
        resolve();
      });
    });
    socket.on('error', () => undefined);
  }

  static async connect(address: string, options: RawClientOptions = {}): Promise<RawClient> {
    const { host, port } = parseAddress(address);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = options.tls
        ? connectTls({ host, port, servername: host === '127.0.0.1' ? undefined : host, ...options.tls }, () =>
            resolve(s),
          )
        : connectTcp({ host, port }, () => resolve(s));
      s.once('error', reject);
    });
    socket.removeAllListeners('error');
    return new RawClient(socket, options);
  }

  private deliver(frame: Buffer): void {
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.waiter = undefined;
      resolve(frame);
    } else {
      this.frames.push(frame);
    }
  }

  /** The next whole response frame (without its size prefix). */
  readFrame(timeoutMs = this.options.timeoutMs ?? 5000): Promise<Buffer> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    if (this.closedError) return Promise.reject(this.closedError);
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no response within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
    });
  }

  /** Writes a request frame and returns the correlation id it carries. */
  sendRequest<A extends ApiDefinition>(api: A, version: number, body: RequestInput<A>): number {
    const correlationId = this.correlationId++;
    const clientId = this.options.clientId === undefined ? 'kmirror-test' : this.options.clientId;
    const key = (this.options.apiKeys ?? ApiKeyMap.DEFAULT).keyOf(api);
    this.socket.write(encodeRequestFrame(api, version, correlationId, clientId, body, key));
    return correlationId;
  }

  /** Sends one request and decodes its response, checking the correlation id. */
  async request<A extends ApiDefinition>(api: A, version: number, body: RequestInput<A>): Promise<ResponseOf<A>> {
    const correlationId = this.sendRequest(api, version, body);
    const frame = await this.readFrame();
    const decoded = decodeResponseFrame<ResponseOf<A>>(api, version, frame);
    if (decoded.correlationId !== correlationId) {
      throw new Error(`correlation id ${decoded.correlationId} does not match the request's ${correlationId}`);
    }
    return decoded.body;
  }

  writeRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves true when the server closes the connection within the time, false otherwise. */
  async closedWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const result = await Promise.race([this.closedPromise.then(() => true), timeout]);
    clearTimeout(timer);
    return result;
  }

  /** Bytes of an incomplete frame received so far (e.g. before the server cut the connection). */
  get partialBytes(): number {
    return this.reader.pendingBytes;
  }

  get isClosed(): boolean {
    return this.closedError !== undefined;
  }

  close(): void {
    this.socket.destroy();
  }
}
