// A stand-in for the protocol client in unit tests of mirror/ services: it implements only the
// calls the services make (send, sendTo, sendToEvery, requireMirroring, clusterView, deadline), answers each
// API from a handler the test gives, and records every request. Any other call throws, so a
// service that starts using more of the client fails its unit test instead of passing silently.
// The real client over real TCP to the emulator stays covered by test/commands and test/lib/kafka.

import type { BrokerAddress } from '../../../src/lib/kafka/transport.js';
import type { BrokerInfo, ClusterView, KafkaClient } from '../../../src/lib/kafka/client.js';
import type { ApiDefinition } from '../../../src/lib/kafka/definition.js';
import { ApiKeyMap } from '../../../src/lib/kafka/mirror-api-keys.js';
import { prototypeDialect } from '../../../src/lib/kafka/dialect.js';
import type { RequestInput, ResponseOf } from '../../../src/lib/kafka/message-types.js';
import type { FanOutResult } from '../../../src/lib/kafka/fan-out.js';

export interface SentRequest {
  readonly api: string;
  readonly body: unknown;
  /** The broker it was addressed to (sendTo / sendToEvery), else undefined. */
  readonly broker?: BrokerAddress;
}

/** Answers one API; throw to simulate a failed request. */
export type Answer<A extends ApiDefinition> = (
  body: RequestInput<A>,
  broker: BrokerAddress | undefined,
) => ResponseOf<A>;

export interface FakeClient {
  /** Typed as the real client for the services; only the calls above work. */
  readonly client: KafkaClient;
  readonly sent: SentRequest[];
  /** Registers the answer to `api` (replacing an earlier one). */
  answer<A extends ApiDefinition>(api: A, answer: Answer<A>): FakeClient;
  /** Names of the APIs sent, in order. */
  apis(): string[];
}

export const BROKERS: readonly BrokerAddress[] = [
  { host: 'b1', port: 9092, nodeId: 1 },
  { host: 'b2', port: 9092, nodeId: 2 },
];

export function fakeClient(brokers: readonly BrokerAddress[] = BROKERS, clusterId = 'fake-cluster'): FakeClient {
  const answers = new Map<string, (body: unknown, broker: BrokerAddress | undefined) => unknown>();
  const sent: SentRequest[] = [];
  const view: ClusterView = { clusterId, controllerId: brokers[0]?.nodeId ?? 1, brokers };

  async function reply(api: ApiDefinition, body: unknown, broker?: BrokerAddress): Promise<unknown> {
    sent.push(broker === undefined ? { api: api.name, body } : { api: api.name, body, broker });
    const answer = answers.get(api.name);
    if (!answer) throw new Error(`fake client: no answer for ${api.name}`);
    return answer(body, broker);
  }

  const implemented = {
    send: (api: ApiDefinition, body: unknown, target?: BrokerAddress) => reply(api, body, target),
    sendTo: (api: ApiDefinition, body: unknown, broker: BrokerAddress) => reply(api, body, broker),
    async sendToEvery(
      api: ApiDefinition,
      body: unknown,
      options: { keep?: (response: unknown) => unknown } = {},
    ): Promise<FanOutResult<unknown>> {
      const keep = options.keep ?? ((response: unknown) => response);
      const result: FanOutResult<unknown> = { answers: [], failures: [] };
      for (const broker of brokers) result.answers.push({ broker, response: keep(await reply(api, body, broker)) });
      return result;
    },
    // A prototype broker: the admin mirror RPCs on keys 94-105 and mirror.version finalized at 1.
    apiKeys: ApiKeyMap.DEFAULT,
    dialect: prototypeDialect(),
    requireMirroring: async (): Promise<BrokerInfo> => ({
      address: brokers[0] ?? { host: 'b1', port: 9092 },
      apis: new Map([94, 95, 96, 98, 99, 100, 101, 102, 103, 104, 105].map((key) => [key, { min: 0, max: 0 }])),
      supportedFeatures: new Map([['mirror.version', { min: 0, max: 1 }]]),
      finalizedFeatures: new Map([['mirror.version', 1]]),
      apiVersionsVersion: 4,
    }),
    clusterView: async () => view,
    close: async () => undefined,
    // Services that pause between retries ask how much of the command's budget is left.
    deadline: { budgetMs: 30_000, remainingMs: () => 30_000 },
  };
  const client = new Proxy(implemented, {
    get(target, property) {
      if (property in target) return target[property as keyof typeof target];
      if (property === 'then') return undefined;
      throw new Error(`fake client: ${String(property)} is not implemented`);
    },
  }) as unknown as KafkaClient;

  const fake: FakeClient = {
    client,
    sent,
    answer(api, answer) {
      answers.set(api.name, answer as (body: unknown, broker: BrokerAddress | undefined) => unknown);
      return fake;
    },
    apis: () => sent.map((s) => s.api),
  };
  return fake;
}
