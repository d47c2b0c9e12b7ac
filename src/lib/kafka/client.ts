// The protocol client: bootstraps, learns each broker's API ranges and features with ApiVersions,
// negotiates a version per request, refuses before sending what a broker does not advertise
// (a real broker closes the socket on unknown keys), routes by the definition's route, and
// retries what is retriable until the command's deadline.

import pLimit from 'p-limit';
import { DecodeError, encodeMessage } from './codec.js';
import type { ApiDefinition } from './definition.js';
import { type VersionRange, parseVersions } from './definition.js';
import { type ChangeInterrupts, ChangeNotSentError } from './change-interrupts.js';
import { kafkaError, errors } from './error-codes.js';
import { DEFAULT_FAN_OUT_CONCURRENCY } from './fan-out.js';
import {
  AnswerLostError,
  BrokerFailure,
  DeadlineExceededError,
  DialectSettingMissingError,
  KafkaProtocolError,
  MirroringDisabledError,
  NotInDialectError,
  UnsupportedByClusterError,
} from './errors.js';
import { type Dialect, type Translation, prototypeDialect, wireApisOf } from './dialect.js';
import { decodeResponseAfterCorrelationId, requestHeaderVersion } from './frames.js';
import type { MessageInput, RequestOf, ResponseOf } from './message-types.js';
import { ApiVersions } from './messages/api-versions.js';
import { FindCoordinator } from './messages/find-coordinator.js';
import { Metadata } from './messages/metadata.js';
import type { ApiKeyMap } from './mirror-api-keys.js';
import { type BrokerInfo, advertisesMirroring, apiSupport, mirroringLevel } from './negotiation.js';
import { ProtocolViolationError } from './protocol-violation.js';
import type { BrokerAddress, Transport } from './transport.js';
import { TransportError, brokerLabel } from './transport.js';
import { BootstrapUnreachableError, type UnreachableAddress, unreachableAddress } from './bootstrap-unreachable.js';
import type { FanOutResult } from './fan-out.js';

export interface WireEvent {
  readonly api: string;
  readonly apiKey: number;
  readonly version: number;
  readonly broker: string;
  readonly requestBytes: number;
  readonly responseBytes?: number;
  readonly ms: number;
  readonly outcome: 'ok' | 'error';
  readonly error?: string;
}

export interface TimeBudget {
  readonly budgetMs: number;
  remainingMs(): number;
}

export interface ClientOptions {
  readonly bootstrap: readonly BrokerAddress[];
  readonly transport: Transport;
  readonly deadline: TimeBudget;
  readonly interrupts?: ChangeInterrupts;
  readonly requestTimeoutMs?: number;
  readonly onWire?: (event: WireEvent) => void;
  readonly retryBackoffMs?: number;
  readonly retryBackoffMaxMs?: number;
  readonly apiKeys?: ApiKeyMap;
  readonly fanOutConcurrency?: number;
  readonly dialect?: Dialect;
  readonly onNote?: (message: string) => void;
}

export interface ClusterView {
  readonly clusterId: string | null;
  readonly controllerId: number;
  readonly brokers: readonly BrokerAddress[];
}

type Body<A extends ApiDefinition> = MessageInput<RequestOf<A>>;

export interface SendOptions {
  /**
   * false: return a retriable top-level code instead of retrying it, where it is copied from a per-item result
   * (StartMirrorTopics copies the first topic's, e.g. 103 INCONSISTENT_TOPIC_ID): a retry gets the same answer.
   */
  readonly retryErrorCodes?: boolean;
  /** A fan-out reports a dead broker instead of spending the whole budget on it. */
  readonly retryForMs?: number;
}
export type { BrokerInfo } from './negotiation.js';
export type { VersionRange } from './definition.js';

type ApiVersionsResponse = ResponseOf<typeof ApiVersions>;

interface WireForm {
  readonly api: ApiDefinition;
  toWire(body: unknown): unknown;
  fromWire(response: unknown, body: unknown): unknown;
  readonly translation?: Translation;
}

const TYPED_FIND_COORDINATOR = {
  ...FindCoordinator,
  request: { ...FindCoordinator.request, validVersions: '1-6' },
  response: { ...FindCoordinator.response, validVersions: '1-6' },
} as const satisfies ApiDefinition;

const API_VERSIONS_KEY = 18;

const READ_BACK_RESERVE_MS = 3000;

function addressKey(a: BrokerAddress): string {
  return `${a.host}:${a.port}`;
}

export class KafkaClient {
  private readonly infos = new Map<string, Promise<BrokerInfo>>();
  private readonly down = new Set<string>();
  private readonly throttledUntil = new Map<string, number>();
  private cluster: ClusterView | undefined;
  private bootstrapBroker: BrokerAddress | undefined;

  readonly dialect: Dialect;
  private readonly notesSaid = new Set<string>();

  constructor(private readonly options: ClientOptions) {
    if (options.bootstrap.length === 0) throw new Error('no bootstrap servers given');
    this.dialect = options.dialect ?? prototypeDialect(options.apiKeys);
  }

  get apiKeys(): ApiKeyMap {
    return this.dialect.apiKeys;
  }

  get deadline(): TimeBudget {
    return this.options.deadline;
  }

  async bootstrap(): Promise<BrokerInfo> {
    if (this.bootstrapBroker) return this.brokerInfo(this.bootstrapBroker);
    const errors: Error[] = [];
    return this.retrying('connecting to the bootstrap servers', async () => {
      // Addresses seen failing in this command go last: their ApiVersions answer may still be cached.
      const order = [
        ...this.options.bootstrap.filter((a) => !this.down.has(addressKey(a))),
        ...this.options.bootstrap.filter((a) => this.down.has(addressKey(a))),
      ];
      for (const address of order) {
        try {
          const info = await this.brokerInfo(address);
          this.bootstrapBroker = address;
          return info;
        } catch (err) {
          if (!(err instanceof TransportError) || err.kind === 'authentication' || err.kind === 'tls') throw err;
          errors.push(err);
        }
      }
      const hopeless = errors.map(unreachableAddress);
      if (hopeless.length === this.options.bootstrap.length && hopeless.every((h) => h !== undefined))
        throw new BootstrapUnreachableError(hopeless as UnreachableAddress[]);
      // Some address may still come up: retry with the error of one that might.
      throw errors.findLast(isRetriable) ?? errors[errors.length - 1] ?? new Error('no bootstrap server answered');
    });
  }

  brokerInfo(address: BrokerAddress): Promise<BrokerInfo> {
    const key = addressKey(address);
    let pending = this.infos.get(key);
    if (!pending) {
      pending = this.fetchBrokerInfo(address);
      this.infos.set(key, pending);
      pending.catch(() => this.infos.delete(key));
    }
    return pending;
  }

  private async fetchBrokerInfo(address: BrokerAddress): Promise<BrokerInfo> {
    // Start at v4 (the only version whose answer lists mirror.version, PROTOCOL.md §8); a broker
    // that does not speak it answers error 35 with a v0 body naming its own range.
    let version = parseVersions(ApiVersions.request.validVersions).max;
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await this.sendApiVersions(address, version);
      if (response.ErrorCode === errors.UNSUPPORTED_VERSION.code) {
        const own = response.ApiKeys.find((k) => k.ApiKey === API_VERSIONS_KEY);
        const next = own ? Math.min(own.MaxVersion, version - 1) : 0;
        if (next < 0 || next >= version) break;
        version = next;
        continue;
      }
      if (response.ErrorCode !== 0)
        throw new KafkaProtocolError(response.ErrorCode, 'ApiVersions', null, brokerLabel(address));
      const apis = new Map<number, VersionRange>(
        response.ApiKeys.map((k) => [k.ApiKey, { min: k.MinVersion, max: k.MaxVersion }]),
      );
      await this.options.transport.authenticate(address, apis);
      return {
        address,
        apis,
        supportedFeatures: new Map(
          response.SupportedFeatures.map((f) => [f.Name, { min: f.MinVersion, max: f.MaxVersion }]),
        ),
        finalizedFeatures: new Map(response.FinalizedFeatures.map((f) => [f.Name, f.MaxVersionLevel])),
        apiVersionsVersion: version,
      };
    }
    throw new KafkaProtocolError(
      errors.UNSUPPORTED_VERSION.code,
      'ApiVersions',
      'no ApiVersions version in common',
      brokerLabel(address),
    );
  }

  private async sendApiVersions(address: BrokerAddress, version: number): Promise<ApiVersionsResponse> {
    const body = { ClientSoftwareName: 'kmirror', ClientSoftwareVersion: '0.1.0' };
    const bytes = await this.exchange(address, ApiVersions, version, body);
    try {
      return decodeResponseAfterCorrelationId<ApiVersionsResponse>(ApiVersions, version, bytes);
    } catch (err) {
      // The error answer to an unsupported version is a v0 body whatever version was asked.
      if (version !== 0) {
        try {
          const v0 = decodeResponseAfterCorrelationId<ApiVersionsResponse>(ApiVersions, 0, bytes);
          if (v0.ErrorCode === errors.UNSUPPORTED_VERSION.code) return v0;
        } catch {
          // Not a v0 error answer either: the first failure is the one to report.
        }
      }
      throw this.malformed(address, ApiVersions, err);
    }
  }

  private malformed(broker: BrokerAddress, api: ApiDefinition, err: unknown): ProtocolViolationError {
    this.options.transport.discard?.(broker);
    const detail = err instanceof DecodeError ? err.message : `cannot decode: ${String(err)}`;
    return new ProtocolViolationError('malformed-body', brokerLabel(broker), api.name, detail);
  }

  async clusterView(): Promise<ClusterView> {
    if (this.cluster) return this.cluster;
    const response = await this.send(Metadata, { Topics: [], AllowAutoTopicCreation: false });
    this.cluster = {
      clusterId: response.ClusterId,
      controllerId: response.ControllerId,
      brokers: response.Brokers.map((b) => ({ host: b.Host, port: b.Port, nodeId: b.NodeId })).sort(
        (a, b) => a.nodeId - b.nodeId,
      ),
    };
    return this.cluster;
  }

  negotiate(api: ApiDefinition, info: BrokerInfo): number {
    const support = apiSupport(api, info, this.apiKeys);
    const label = brokerLabel(info.address);
    if (!support.broker) throw new UnsupportedByClusterError(api.name, support.apiKey, label);
    if (support.negotiated === null)
      throw new UnsupportedByClusterError(
        api.name,
        support.apiKey,
        label,
        support.broker,
        parseVersions(api.request.validVersions),
      );
    return support.negotiated;
  }

  requireDialect(apis: readonly ApiDefinition[]): ApiDefinition[] {
    return wireApisOf(this.dialect, apis);
  }

  async requireMirroring(
    apis: readonly ApiDefinition[],
    options: { allowDisabled?: boolean } = {},
  ): Promise<BrokerInfo> {
    const wire = this.requireDialect(apis);
    const info = await this.bootstrap();
    for (const api of wire) this.negotiate(api, info);
    const first = wire[0];
    if (first && !advertisesMirroring(info)) {
      throw new UnsupportedByClusterError(first.name, this.apiKeys.keyOf(first), brokerLabel(info.address));
    }
    const level = mirroringLevel(info);
    if (level < 1 && !options.allowDisabled) throw new MirroringDisabledError(brokerLabel(info.address), level);
    return info;
  }

  mirroringLevel(info: BrokerInfo): number {
    return mirroringLevel(info);
  }

  async send<A extends ApiDefinition>(
    api: A,
    body: Body<A>,
    target?: BrokerAddress,
    options: SendOptions = {},
  ): Promise<ResponseOf<A>> {
    if (target) return this.sendTo(api, body, target, options);
    const wire = this.wireFormOf(api, body);
    const route = wire.api.route;
    if (route === 'every') throw new Error(`${api.name} must be sent to every broker (sendToEvery)`);
    if (route === 'leader') throw new Error(`${api.name} must be sent to a partition leader (pass the target)`);
    const response = await this.retrying(`waiting for ${api.name}`, async () => {
      const broker =
        route === 'controller'
          ? await this.controller()
          : route === 'coordinator'
            ? await this.coordinatorOf(wire.api, wire.toWire(body))
            : await this.anyBroker();
      return this.sendOnce(api, body, broker, options);
    });
    return this.completed(wire, body, response);
  }

  async sendTo<A extends ApiDefinition>(
    api: A,
    body: Body<A>,
    broker: BrokerAddress,
    options: SendOptions = {},
  ): Promise<ResponseOf<A>> {
    const wire = this.wireFormOf(api, body);
    const response = await this.retrying(
      `waiting for ${api.name} from ${brokerLabel(broker)}`,
      () => this.sendOnce(api, body, broker, options),
      options.retryForMs,
    );
    return this.completed(wire, body, response);
  }

  /**
   * DescribeClusterMirrors: each broker reports only its own partitions. With `keep`, each answer is reduced as it
   * arrives, so a million decoded partitions need not wait for the slowest broker.
   */
  async sendToEvery<A extends ApiDefinition, T = ResponseOf<A>>(
    api: A,
    body: Body<A>,
    options: SendOptions & { readonly keep?: (response: ResponseOf<A>) => T } = {},
  ): Promise<FanOutResult<T>> {
    this.wireFormOf(api, body);
    const view = await this.clusterView();
    const keep = options.keep ?? ((response: ResponseOf<A>) => response as unknown as T);
    // A pool, not batches: a slow broker holds one place while the others keep being asked.
    const limit = pLimit(this.options.fanOutConcurrency ?? DEFAULT_FAN_OUT_CONCURRENCY);
    const settled = await Promise.allSettled(
      view.brokers.map((broker) => limit(async () => keep(await this.sendTo(api, body, broker, options)))),
    );
    const result: FanOutResult<T> = { answers: [], failures: [] };
    settled.forEach((outcome, i) => {
      const broker = view.brokers[i] as BrokerAddress;
      if (outcome.status === 'fulfilled') result.answers.push({ broker, response: outcome.value });
      else {
        const error = outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
        result.failures.push(new BrokerFailure(brokerLabel(broker), broker.nodeId, error));
      }
    });
    return result;
  }

  private async anyBroker(): Promise<BrokerAddress> {
    const info = await this.bootstrap();
    const live = this.cluster?.brokers.find((b) => !this.down.has(addressKey(b)));
    if (live) return live;
    if (!this.down.has(addressKey(info.address))) return info.address;
    if (this.options.bootstrap.every((a) => this.down.has(addressKey(a)))) this.down.clear();
    this.bootstrapBroker = undefined;
    return (await this.bootstrap()).address;
  }

  private async controller(): Promise<BrokerAddress> {
    const view = await this.clusterView();
    return view.brokers.find((b) => b.nodeId === view.controllerId) ?? this.anyBroker();
  }

  private wireFormOf(api: ApiDefinition, body: unknown): WireForm {
    const plan = this.dialect.plan(api, body);
    switch (plan.kind) {
      case 'absent':
        throw new NotInDialectError(api.name, this.dialect.title, plan.reason);
      case 'unset':
        throw new DialectSettingMissingError(
          this.dialect.title,
          new Map([[plan.setting, [plan.name]]]),
          this.dialect.settingExamples,
        );
      case 'direct':
        return { api: plan.api, toWire: (b) => b, fromWire: (r) => r };
      case 'translated': {
        const t = plan.translation;
        return {
          api: t.wire,
          toWire: (b) => t.toWire(b, (message) => this.note(message)),
          fromWire: (r, b) => t.fromWire(r, b),
          translation: t,
        };
      }
    }
  }

  private note(message: string): void {
    if (this.notesSaid.has(message)) return;
    this.notesSaid.add(message);
    this.options.onNote?.(message);
  }

  private async completed<T>(wire: WireForm, body: unknown, response: T): Promise<T> {
    const complete = wire.translation?.complete;
    return complete ? ((await complete(response, body, this)) as T) : response;
  }

  private async coordinatorOf(api: ApiDefinition, body: unknown): Promise<BrokerAddress> {
    const lookup = api.coordinator;
    if (!lookup) throw new Error(`${api.name} has route coordinator but no coordinator lookup`);
    const key = String((body as Record<string, unknown>)[lookup.keyField] ?? '');
    const response = await this.send(TYPED_FIND_COORDINATOR, {
      Key: key,
      KeyType: lookup.keyType,
      CoordinatorKeys: [key],
    });
    const found = response.Coordinators[0] ?? response;
    if (found.ErrorCode !== 0)
      throw new KafkaProtocolError(found.ErrorCode, 'FindCoordinator', found.ErrorMessage, undefined, key);
    return { host: found.Host, port: found.Port, nodeId: found.NodeId };
  }

  private async sendOnce<A extends ApiDefinition>(
    api: A,
    body: Body<A>,
    broker: BrokerAddress,
    options: SendOptions = {},
  ): Promise<ResponseOf<A>> {
    const wire = this.wireFormOf(api, body);
    const info = await this.brokerInfo(broker);
    const version = this.negotiate(wire.api, info);
    await this.honourThrottle(broker);
    // Sent but unanswered: the broker may have applied a state change, so the caller reads the state back instead.
    // A request that only validates (Kafka's ValidateOnly field) changes nothing: resent like a read.
    const validatesOnly = (body as { ValidateOnly?: unknown }).ValidateOnly === true;
    const stateChange = (api.idempotent === false || wire.api.idempotent === false) && !validatesOnly;
    const lost = (err: Error): Error =>
      stateChange && ((err instanceof TransportError && err.requestSent) || err instanceof ProtocolViolationError)
        ? new AnswerLostError(api.name, brokerLabel(broker), err)
        : err;
    let bytes: Buffer;
    try {
      bytes = await this.exchange(broker, wire.api, version, wire.toWire(body), stateChange);
    } catch (err) {
      throw err instanceof Error ? lost(err) : err;
    }
    let response: ResponseOf<A>;
    try {
      response = wire.fromWire(decodeResponseAfterCorrelationId(wire.api, version, bytes), body) as ResponseOf<A>;
    } catch (err) {
      if (err instanceof NotInDialectError) throw err;
      throw lost(this.malformed(broker, wire.api, err));
    }
    const throttle = (response as { ThrottleTimeMs?: unknown }).ThrottleTimeMs;
    if (typeof throttle === 'number' && throttle > 0)
      this.throttledUntil.set(addressKey(broker), Date.now() + throttle);
    const code = topLevelErrorCode(response);
    // The broker gave up waiting (for the controller, say), not the change: it may still be applied.
    if (stateChange && code === errors.REQUEST_TIMED_OUT.code) {
      const timedOut = new KafkaProtocolError(code, api.name, topLevelErrorMessage(response), brokerLabel(broker));
      throw new AnswerLostError(api.name, brokerLabel(broker), timedOut);
    }
    if (code !== 0 && kafkaError(code).retriable && options.retryErrorCodes !== false) {
      throw new KafkaProtocolError(code, api.name, topLevelErrorMessage(response), brokerLabel(broker));
    }
    return response;
  }

  private async unlessInterrupted(sending: Promise<Buffer>, apiName: string, broker: BrokerAddress): Promise<Buffer> {
    const interrupts = this.options.interrupts;
    if (!interrupts) return sending;
    interrupts.changeSent(apiName, brokerLabel(broker));
    const label = brokerLabel(broker);
    const interrupted = interrupts.interrupted.then((signal): never => {
      // A broker answers one connection's requests in order: the read-back goes over a new one.
      this.options.transport.discard?.(broker);
      throw new TransportError('timeout', label, `interrupted by ${signal} before the answer came`, undefined, true);
    });
    try {
      return await Promise.race([sending, interrupted]);
    } finally {
      interrupts.changeEnded();
    }
  }

  /** A broker that reported ThrottleTimeMs gets no request from us before that time (KIP-219). */
  private async honourThrottle(broker: BrokerAddress): Promise<void> {
    const until = this.throttledUntil.get(addressKey(broker));
    if (until === undefined) return;
    this.throttledUntil.delete(addressKey(broker));
    const wait = until - Date.now();
    if (wait <= 0) return;
    if (wait >= this.options.deadline.remainingMs())
      throw new DeadlineExceededError(
        this.options.deadline.budgetMs,
        `waiting out a ${wait} ms throttle from ${brokerLabel(broker)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async exchange(
    broker: BrokerAddress,
    api: ApiDefinition,
    version: number,
    body: unknown,
    stateChange = false,
  ): Promise<Buffer> {
    const encoded = encodeMessage(api.request, version, body);
    // hrtime, not performance.now(): the first use of the `performance` global loads node:perf_hooks (~1 ms)
    const started = process.hrtime.bigint();
    const remaining = this.options.deadline.remainingMs();
    const reserve = stateChange ? Math.min(READ_BACK_RESERVE_MS, Math.floor(remaining / 4)) : 0;
    const timeout = Math.min(this.options.requestTimeoutMs ?? 30_000, Math.max(1, remaining - reserve));
    const trace = (outcome: 'ok' | 'error', responseBytes?: number, error?: string) =>
      this.options.onWire?.({
        api: api.name,
        apiKey: this.apiKeys.keyOf(api),
        version,
        broker: brokerLabel(broker),
        requestBytes: encoded.length,
        responseBytes,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        outcome,
        error,
      });
    try {
      const signal = stateChange ? this.options.interrupts?.signal : undefined;
      if (signal) throw new ChangeNotSentError(signal, api.name);
      const sending = this.options.transport.send(
        broker,
        {
          apiName: api.name,
          apiKey: this.apiKeys.keyOf(api),
          apiVersion: version,
          flexibleHeader: requestHeaderVersion(api, version) === 2,
          body: encoded,
        },
        timeout,
      );
      const answer = stateChange ? await this.unlessInterrupted(sending, api.name, broker) : await sending;
      trace('ok', answer.length);
      return answer;
    } catch (err) {
      if (err instanceof TransportError && err.kind !== 'authentication' && err.kind !== 'tls')
        this.down.add(addressKey(broker));
      trace('error', undefined, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  private async retrying<T>(doing: string, attempt: () => Promise<T>, retryForMs?: number): Promise<T> {
    const deadline = this.options.deadline;
    let backoff = this.options.retryBackoffMs ?? 100;
    const cap = this.options.retryBackoffMaxMs ?? 1000;
    const giveUpAt = retryForMs === undefined ? Infinity : Date.now() + retryForMs;
    for (;;) {
      try {
        return await attempt();
      } catch (err) {
        if (!isRetriable(err)) throw err;
        // Never sleep past the budget: give up with the last error as the reason instead.
        if (deadline.remainingMs() <= backoff) throw new DeadlineExceededError(deadline.budgetMs, doing, err as Error);
        if (Date.now() + backoff >= giveUpAt) throw err;
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(cap, backoff * 2);
      }
    }
  }

  async close(): Promise<void> {
    await this.options.transport.close();
  }
}

function isRetriable(err: unknown): boolean {
  if (err instanceof TransportError) return err.kind === 'connect' || err.kind === 'closed' || err.kind === 'timeout';
  if (err instanceof KafkaProtocolError) return kafkaError(err.code).retriable;
  return false;
}

function topLevelErrorCode(response: unknown): number {
  const code = (response as { ErrorCode?: unknown }).ErrorCode;
  return typeof code === 'number' ? code : 0;
}

function topLevelErrorMessage(response: unknown): string | null {
  const message = (response as { ErrorMessage?: unknown }).ErrorMessage;
  return typeof message === 'string' && message !== '' ? message : null;
}
