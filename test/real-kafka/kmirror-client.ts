// kmirror's own protocol client (createClient, the codec, the kafkajs transport) pointed at a real
// broker, with the wire events kept so a test can see which requests went out at which version.
import type { KafkaClient, TimeBudget, WireEvent } from '../../src/lib/kafka/client.js';
import { createClient, type ClientSettings, type TlsSettings } from '../../src/lib/kafka/connect.js';
import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import type { SaslCredentials } from '../../src/lib/kafka/transport.js';

export interface TracedClient {
  readonly client: KafkaClient;
  /** Every request sent so far, in order. */
  readonly wire: WireEvent[];
  close(): Promise<void>;
}

export interface OpenOptions {
  readonly sasl?: SaslCredentials;
  readonly tls?: TlsSettings;
  /** Budget of everything this client does (the command's --timeout). */
  readonly budgetMs?: number;
}

function budget(ms: number): TimeBudget {
  const expiresAt = Date.now() + ms;
  return { budgetMs: ms, remainingMs: () => Math.max(0, expiresAt - Date.now()) };
}

export function openClient(bootstrap: string, options: OpenOptions = {}): TracedClient {
  const wire: WireEvent[] = [];
  const settings: ClientSettings = {
    bootstrap: bootstrap.split(','),
    clientId: 'kmirror-kafka-suite',
    ...(options.sasl ? { sasl: options.sasl } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
  };
  const client = createClient(settings, budget(options.budgetMs ?? 30_000), (event) => wire.push(event));
  return { client, wire, close: () => client.close() };
}

/**
 * The same API limited to one version, so the client's negotiation picks exactly that one
 * (ApiVersions v3 next to v4, say) while routing, tracing and decoding stay the client's own.
 */
export function atVersion<A extends ApiDefinition>(api: A, version: number): A {
  const only = String(version);
  return {
    ...api,
    request: { ...api.request, validVersions: only },
    response: { ...api.response, validVersions: only },
  };
}

/** Opens clients and closes every one of them at the end of a test file. */
export class ClientPool {
  private readonly open: TracedClient[] = [];

  connect(bootstrap: string, options: OpenOptions = {}): TracedClient {
    const traced = openClient(bootstrap, options);
    this.open.push(traced);
    return traced;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((c) => c.close().catch(() => undefined)));
  }
}

/** Kafka's ConfigResource types. */
export const ResourceType = { TOPIC: 2, BROKER: 4 } as const;

/** IncrementalAlterConfigs operations. */
export const ConfigOp = { SET: 0, DELETE: 1, APPEND: 2, SUBTRACT: 3 } as const;
