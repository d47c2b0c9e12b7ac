// Fault injection for one node, changed by tests while it serves; a rule with a count stops after that many.

import type { ApiDefinition } from '../../kafka/definition.js';

export type ApiSelector = string | Pick<ApiDefinition, 'name'>;

export interface FaultOptions {
  readonly times?: number;
}

export interface ErrorFaultOptions extends FaultOptions {
  readonly message?: string | null;
}

export type FaultKind = 'delay' | 'drop' | 'close-mid-frame' | 'error' | 'topic-errors' | 'mutate';

/** Rewrites a whole response frame after handling: other bytes, or 'close' to close without answering. */
export type FrameMutation = (frame: Buffer, response: { api: ApiDefinition; version: number }) => Buffer | 'close';

export interface FaultRule {
  readonly kind: FaultKind;
  readonly api: string;
  readonly fired: number;
  readonly remaining: number;
  remove(): void;
}

export interface FaultPlan {
  readonly delayMs: number;
  readonly outcome:
    | { readonly kind: 'normal' }
    | { readonly kind: 'drop' }
    | { readonly kind: 'close-mid-frame' }
    | { readonly kind: 'error'; readonly code: number; readonly message: string | null }
    | { readonly kind: 'topic-errors'; readonly codes: ReadonlyMap<string, number>; readonly message: string | null }
    | { readonly kind: 'mutate'; readonly mutate: FrameMutation };
  readonly throttleMs: number | undefined;
}

export interface NodeLifecycle {
  stop(options?: { fence?: boolean }): Promise<void>;
  start(): Promise<void>;
  readonly running: boolean;
}

interface MutableRule {
  kind: FaultKind;
  api: string;
  fired: number;
  remaining: number;
  delayMs: number;
  code: number;
  message: string | null;
  topicCodes: ReadonlyMap<string, number>;
  mutate: FrameMutation;
}

function nameOf(api: ApiSelector): string {
  return typeof api === 'string' ? api : api.name;
}

function countOf(options: FaultOptions | undefined, fallback: number): number {
  const times = options?.times ?? fallback;
  if (!(times > 0)) throw new RangeError(`a fault must fire at least once, got times=${times}`);
  return times;
}

export class NodeFaults {
  private rules: MutableRule[] = [];
  private readonly throttles = new Map<string, number>();
  private lifecycle: NodeLifecycle | undefined;

  constructor(readonly nodeId: number) {}

  /** Holds every response of `api` back by `ms` (default: for every request until removed). */
  delay(api: ApiSelector, ms: number, options?: FaultOptions): FaultRule {
    if (!(ms >= 0)) throw new RangeError(`delay must be >= 0 ms, got ${ms}`);
    return this.add({ kind: 'delay', api: nameOf(api), remaining: countOf(options, Infinity), delayMs: ms });
  }

  /** Never answers the request (the connection stays open; later requests are still served). */
  drop(api: ApiSelector, options?: FaultOptions): FaultRule {
    return this.add({ kind: 'drop', api: nameOf(api), remaining: countOf(options, 1) });
  }

  closeMidFrame(api: ApiSelector, options?: FaultOptions): FaultRule {
    return this.add({ kind: 'close-mid-frame', api: nameOf(api), remaining: countOf(options, 1) });
  }

  /** Answers with `code` instead of doing the work (top-level ErrorCode, else every per-item one). */
  failWith(api: ApiSelector, code: number, options?: ErrorFaultOptions): FaultRule {
    return this.add({
      kind: 'error',
      api: nameOf(api),
      remaining: countOf(options, 1),
      code,
      message: options?.message ?? null,
    });
  }

  /** Per-topic errors for Start/Stop/Pause/Resume, which the broker's pre-validation normally pre-empts. */
  failTopicsWith(api: ApiSelector, codes: Readonly<Record<string, number>>, options?: ErrorFaultOptions): FaultRule {
    return this.add({
      kind: 'topic-errors',
      api: nameOf(api),
      remaining: countOf(options, 1),
      topicCodes: new Map(Object.entries(codes)),
      message: options?.message ?? null,
    });
  }

  /** Does the work, then writes `mutate(frame)` instead of the encoded answer (hostile-broker tests, fuzzing). */
  mutateResponse(api: ApiSelector, mutate: FrameMutation, options?: FaultOptions): FaultRule {
    return this.add({ kind: 'mutate', api: nameOf(api), remaining: countOf(options, Infinity), mutate });
  }

  /** Reports `ms` as ThrottleTimeMs in responses of `api` (all APIs by default); 0 clears it. */
  setThrottle(ms: number, api: ApiSelector = '*'): void {
    if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`throttle must be a non-negative integer, got ${ms}`);
    if (ms === 0) this.throttles.delete(nameOf(api));
    else this.throttles.set(nameOf(api), ms);
  }

  clear(): void {
    this.rules = [];
    this.throttles.clear();
  }

  get activeRules(): readonly FaultRule[] {
    return this.rules.map((rule) => this.view(rule));
  }

  /** Stops listening, keeping the port for {@link up}; `{ fenced: false }` keeps the node in Metadata (a crash). */
  async down(options: { fenced?: boolean } = {}): Promise<void> {
    await this.requireLifecycle().stop({ fence: options.fenced !== false });
  }

  async up(): Promise<void> {
    await this.requireLifecycle().start();
  }

  get isUp(): boolean {
    return this.lifecycle?.running ?? false;
  }

  attach(lifecycle: NodeLifecycle): void {
    this.lifecycle = lifecycle;
  }

  plan(apiName: string): FaultPlan {
    const applies = (rule: MutableRule): boolean => rule.remaining > 0 && (rule.api === '*' || rule.api === apiName);
    let delayMs = 0;
    let outcome: FaultPlan['outcome'] = { kind: 'normal' };
    for (const rule of this.rules) {
      if (!applies(rule)) continue;
      if (rule.kind === 'delay') {
        delayMs = Math.max(delayMs, rule.delayMs);
      } else if (outcome.kind === 'normal') {
        outcome =
          rule.kind === 'error'
            ? { kind: 'error', code: rule.code, message: rule.message }
            : rule.kind === 'topic-errors'
              ? { kind: 'topic-errors', codes: rule.topicCodes, message: rule.message }
              : rule.kind === 'mutate'
                ? { kind: 'mutate', mutate: rule.mutate }
                : { kind: rule.kind };
      } else {
        continue;
      }
      rule.fired++;
      rule.remaining--;
    }
    this.rules = this.rules.filter((rule) => rule.remaining > 0);
    return { delayMs, outcome, throttleMs: this.throttles.get(apiName) ?? this.throttles.get('*') };
  }

  private add(fields: Partial<MutableRule> & Pick<MutableRule, 'kind' | 'api' | 'remaining'>): FaultRule {
    const rule: MutableRule = {
      fired: 0,
      delayMs: 0,
      code: 0,
      message: null,
      topicCodes: new Map(),
      mutate: (frame) => frame,
      ...fields,
    };
    this.rules.push(rule);
    return this.view(rule);
  }

  private view(rule: MutableRule): FaultRule {
    return {
      kind: rule.kind,
      api: rule.api,
      get fired() {
        return rule.fired;
      },
      get remaining() {
        return rule.remaining;
      },
      remove: () => {
        rule.remaining = 0;
        this.rules = this.rules.filter((r) => r !== rule);
      },
    };
  }

  private requireLifecycle(): NodeLifecycle {
    if (!this.lifecycle) throw new Error(`node ${this.nodeId} has no server attached`);
    return this.lifecycle;
  }
}
