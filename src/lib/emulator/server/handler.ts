// One handler per API. The registry is the single source of what a node speaks: dispatch and the
// ApiVersions answer are both derived from it, so a version cannot be advertised without a handler.

import { parseVersions, type ApiDefinition, type VersionRange } from '../../kafka/definition.js';
import type { MessageInput, RequestOf, ResponseOf } from '../../kafka/message-types.js';
import { ApiKeyMap, TBD } from '../../kafka/mirror-api-keys.js';

export type ResponseInput<A extends ApiDefinition> = MessageInput<ResponseOf<A>>;

export interface ConnectionSession {
  principal: string;
  authenticated: boolean;
  readonly saslRequired: boolean;
  saslExchange: SaslExchangeState | undefined;
}

export interface SaslExchangeState {
  readonly mechanism: string;
  /** Handshake v0 means the tokens arrive as bare size-prefixed frames, not SaslAuthenticate. */
  readonly raw: boolean;
  evaluate(token: Buffer): SaslStep;
}

export type SaslStep =
  | { readonly kind: 'challenge'; readonly bytes: Buffer }
  | { readonly kind: 'done'; readonly bytes: Buffer; readonly authorizationId: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface RequestContext {
  readonly nodeId: number;
  readonly clientId: string | null;
  readonly correlationId: number;
  readonly session: ConnectionSession;
  /** Sends this response, then closes the connection (Kafka does so after a failed SASL step). */
  closeAfterResponse(): void;
  noResponse(): void;
}

export class CloseConnection extends Error {
  override readonly name = 'CloseConnection';
}

export interface Handler<A extends ApiDefinition> {
  readonly api: A;
  /** Serve fewer versions than the definition knows, where the prototype broker stops earlier. */
  readonly maxVersion?: number;
  handle(ctx: RequestContext, body: RequestOf<A>, version: number): ResponseInput<A> | Promise<ResponseInput<A>>;
  /** The response for an injected error, for APIs without a top-level ErrorCode that change state. */
  errorResponse?(body: RequestOf<A>, version: number, code: number, message: string | null): ResponseInput<A>;
}

export interface RegisteredHandler {
  readonly api: ApiDefinition;
  readonly maxVersion?: number;
  handle(ctx: RequestContext, body: unknown, version: number): unknown;
  errorResponse?(body: unknown, version: number, code: number, message: string | null): unknown;
}

export function defineHandler<const A extends ApiDefinition>(handler: Handler<A>): RegisteredHandler {
  const { errorResponse } = handler;
  return {
    api: handler.api,
    ...(handler.maxVersion !== undefined ? { maxVersion: handler.maxVersion } : {}),
    handle: (ctx, body, version) => handler.handle(ctx, body as RequestOf<A>, version),
    ...(errorResponse
      ? {
          errorResponse: (body: unknown, version: number, code: number, message: string | null) =>
            errorResponse.call(handler, body as RequestOf<A>, version, code, message),
        }
      : {}),
  };
}

export function versionsOf(handler: RegisteredHandler): VersionRange {
  const range = parseVersions(handler.api.request.validVersions);
  if (handler.maxVersion === undefined || handler.maxVersion >= range.max) return range;
  return { ...range, max: handler.maxVersion };
}

export class HandlerRegistry {
  private readonly byKey = new Map<number, RegisteredHandler>();

  constructor(handlers: readonly RegisteredHandler[], apiKeys: ApiKeyMap = ApiKeyMap.DEFAULT) {
    for (const handler of handlers) {
      const key = apiKeys.keyOf(handler.api);
      if (key === TBD)
        throw new Error(
          `${handler.api.name} has no API key: KIP-1279 revision 57 numbers none, give it with --api-keys`,
        );
      const clash = this.byKey.get(key);
      if (clash) throw new Error(`API key ${key} has two handlers: ${clash.api.name} and ${handler.api.name}`);
      this.byKey.set(key, handler);
    }
  }

  get(apiKey: number): RegisteredHandler | undefined {
    return this.byKey.get(apiKey);
  }

  entries(): Array<{ readonly apiKey: number; readonly handler: RegisteredHandler }> {
    return [...this.byKey.entries()].sort(([a], [b]) => a - b).map(([apiKey, handler]) => ({ apiKey, handler }));
  }
}
