// One client connection: requests are served strictly one after another, as a Kafka broker mutes a channel until
// its response is sent, so a delayed response delays the ones behind it.

import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeRequestFrame, encodeResponseFrame } from '../../kafka/frames.js';
import { ApiVersions, SaslAuthenticate, SaslHandshake } from '../../kafka/messages/index.js';
import { unsupportedApiVersionsBody } from '../apis/api-versions.js';
import type { FaultPlan, NodeFaults } from './faults.js';
import { FrameReader } from '../../kafka/frame-reader.js';
import {
  CloseConnection,
  versionsOf,
  type ConnectionSession,
  type HandlerRegistry,
  type RegisteredHandler,
  type RequestContext,
} from './handler.js';
import {
  hasTopLevelErrorCode,
  topLevelErrorBody,
  withAllErrors,
  withThrottle,
  withTopicErrors,
  withoutTopics,
} from './response-rewrite.js';
import { errors } from '../../kafka/error-codes.js';

export interface WireEvent {
  readonly direction: 'request' | 'response';
  readonly nodeId: number;
  readonly apiKey: number;
  readonly apiName: string;
  readonly version: number;
  readonly correlationId: number;
  readonly clientId: string | null;
  readonly principal: string;
  readonly body: unknown;
  readonly fault?: FaultPlan['outcome']['kind'];
}

export type WireListener = (event: WireEvent) => void;

export interface ConnectionOptions {
  readonly nodeId: number;
  readonly registry: HandlerRegistry;
  readonly faults: NodeFaults;
  readonly saslRequired: boolean;
  readonly principal: string;
  readonly maxFrameBytes?: number;
  readonly onWire?: WireListener;
  /** Handler bugs; default: a line on stderr (a test should see them, not just a closed socket). */
  readonly onError?: (error: unknown, apiName: string) => void;
}

const ANONYMOUS = 'User:ANONYMOUS';

function reportToStderr(error: unknown, apiName: string): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`kmirror emulator: ${apiName} handler failed: ${text}\n`);
}

export class Connection {
  readonly session: ConnectionSession;
  private readonly reader: FrameReader;
  private readonly queue: Buffer[] = [];
  private busy = false;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly options: ConnectionOptions,
  ) {
    this.session = {
      principal: options.principal || ANONYMOUS,
      authenticated: !options.saslRequired,
      saslRequired: options.saslRequired,
      saslExchange: undefined,
    };
    this.reader = new FrameReader(options.maxFrameBytes);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    try {
      this.queue.push(...this.reader.push(chunk));
    } catch {
      // An oversized or negative frame size: Kafka closes rather than reading it.
      this.close();
      return;
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.closed) {
        const frame = this.queue.shift();
        if (!frame) break;
        await this.serve(frame);
      }
    } finally {
      this.busy = false;
    }
  }

  private write(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  private async serve(frame: Buffer): Promise<void> {
    const session = this.session;
    const exchange = session.saslExchange;
    if (exchange?.raw && !session.authenticated) {
      this.serveRawSasl(frame);
      return;
    }
    if (frame.length < 8) return this.close();
    const apiKey = frame.readInt16BE(0);
    const version = frame.readInt16BE(2);
    const correlationId = frame.readInt32BE(4);
    const handler = this.options.registry.get(apiKey);
    if (!handler) return this.close();
    const range = versionsOf(handler);
    if (version < range.min || version > range.max) {
      if (handler.api.name === ApiVersions.name) {
        this.write(
          encodeResponseFrame(ApiVersions, 0, correlationId, unsupportedApiVersionsBody(this.options.registry)),
        );
        return;
      }
      return this.close();
    }
    if (!this.allowedBeforeAuthentication(handler)) return this.close();

    let request: ReturnType<typeof decodeRequestFrame>;
    try {
      request = decodeRequestFrame(frame, () => handler.api);
    } catch {
      return this.close();
    }
    const clientId = request.header.ClientId;
    const event = { nodeId: this.options.nodeId, apiKey, apiName: handler.api.name, version, correlationId, clientId };
    this.options.onWire?.({ ...event, direction: 'request', principal: session.principal, body: request.body });

    const plan = this.options.faults.plan(handler.api.name);
    if (plan.delayMs > 0) await sleep(plan.delayMs);
    if (this.closed) return;

    let closeAfter = false;
    let silent = false;
    const ctx: RequestContext = {
      nodeId: this.options.nodeId,
      clientId,
      correlationId,
      session,
      closeAfterResponse: () => {
        closeAfter = true;
      },
      noResponse: () => {
        silent = true;
      },
    };

    let body: unknown;
    try {
      body = await this.respond(handler, ctx, request.body, version, plan);
    } catch (err) {
      if (err instanceof CloseConnection) return this.close();
      (this.options.onError ?? reportToStderr)(err, handler.api.name);
      if (!hasTopLevelErrorCode(handler.api.response, version)) return this.close();
      body = topLevelErrorBody(handler.api.response, version, errors.UNKNOWN_SERVER_ERROR.code, null);
    }
    if (this.closed) return;

    if (plan.throttleMs !== undefined) body = withThrottle(handler.api.response, version, body, plan.throttleMs);
    this.options.onWire?.({
      ...event,
      direction: 'response',
      principal: session.principal,
      body,
      fault: plan.outcome.kind,
    });
    if (plan.outcome.kind === 'drop' || silent) return;

    let bytes: Buffer;
    try {
      bytes = encodeResponseFrame(handler.api, version, correlationId, body);
    } catch (err) {
      (this.options.onError ?? reportToStderr)(err, handler.api.name);
      return this.close();
    }
    if (plan.outcome.kind === 'mutate') {
      const mutated = plan.outcome.mutate(bytes, { api: handler.api, version });
      if (mutated === 'close') return this.close();
      bytes = mutated;
    }
    if (plan.outcome.kind === 'close-mid-frame') {
      this.closed = true;
      // Destroy only once the half frame reached the kernel, so the client really sees it.
      this.socket.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => this.socket.destroy());
      return;
    }
    if (closeAfter) {
      this.closed = true;
      this.socket.end(bytes);
      return;
    }
    this.write(bytes);
  }

  private async respond(
    handler: RegisteredHandler,
    ctx: RequestContext,
    request: unknown,
    version: number,
    plan: FaultPlan,
  ): Promise<unknown> {
    const outcome = plan.outcome;
    if (outcome.kind === 'topic-errors') {
      const answer = await handler.handle(ctx, withoutTopics(request, new Set(outcome.codes.keys())), version);
      return withTopicErrors(answer, outcome.codes, outcome.message);
    }
    if (outcome.kind !== 'error') return await handler.handle(ctx, request, version);
    if (handler.errorResponse) return handler.errorResponse(request, version, outcome.code, outcome.message);
    const response = handler.api.response;
    if (hasTopLevelErrorCode(response, version))
      return topLevelErrorBody(response, version, outcome.code, outcome.message);
    // No top-level error field: these handlers only read, so overwriting every per-item error is safe.
    return withAllErrors(response, version, await handler.handle(ctx, request, version), outcome.code, outcome.message);
  }

  /** Kafka's SaslServerAuthenticator: before authentication only ApiVersions and SaslHandshake are read. */
  private allowedBeforeAuthentication(handler: RegisteredHandler): boolean {
    const session = this.session;
    if (session.authenticated) return true;
    const name = handler.api.name;
    if (session.saslExchange) return name === SaslAuthenticate.name;
    return name === ApiVersions.name || name === SaslHandshake.name;
  }

  /** After SaslHandshake v0 the tokens travel as bare size-prefixed frames, without headers. */
  private serveRawSasl(token: Buffer): void {
    const exchange = this.session.saslExchange;
    if (!exchange) return this.close();
    const step = exchange.evaluate(token);
    if (step.kind === 'failed') return this.close();
    const frame = Buffer.alloc(4 + step.bytes.length);
    frame.writeInt32BE(step.bytes.length, 0);
    step.bytes.copy(frame, 4);
    this.write(frame);
    if (step.kind === 'done') {
      this.session.authenticated = true;
      this.session.principal = `User:${step.authorizationId}`;
      this.session.saslExchange = undefined;
    }
  }
}
