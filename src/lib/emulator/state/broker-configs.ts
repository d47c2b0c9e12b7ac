// One cluster's broker configuration: the emulator's static values (what server.properties would
// hold) plus dynamic overrides set through IncrementalAlterConfigs. Every node shares them; the
// engine reads the effective value for the mirror.* knobs (backoff, attempts, refresh interval).

import { brokerConfigDefinitions, ConfigSource, type ConfigDefinition } from './config-tables.js';

export interface EffectiveBrokerConfig {
  readonly definition: ConfigDefinition;
  readonly value: string | null;
  readonly source: number;
}

export class BrokerConfigs {
  readonly definitions: readonly ConfigDefinition[];
  private readonly byName: Map<string, ConfigDefinition>;
  private readonly staticValues = new Map<string, string>();
  /** Dynamic overrides; per-node and cluster-default ones are kept apart only by their source. */
  private readonly dynamic = new Map<string, { value: string; source: number }>();

  constructor(nodeCount: number, staticOverrides: Readonly<Record<string, string>> = {}) {
    this.definitions = brokerConfigDefinitions(nodeCount);
    this.byName = new Map(this.definitions.map((d) => [d.name, d]));
    for (const [name, value] of Object.entries(staticOverrides)) {
      if (!this.byName.has(name)) throw new Error(`unknown broker config '${name}'`);
      this.staticValues.set(name, value);
    }
  }

  definition(name: string): ConfigDefinition | undefined {
    return this.byName.get(name);
  }

  effective(name: string): EffectiveBrokerConfig | undefined {
    const definition = this.byName.get(name);
    if (!definition) return undefined;
    const dynamic = this.dynamic.get(name);
    if (dynamic) return { definition, value: dynamic.value, source: dynamic.source };
    const staticValue = this.staticValues.get(name);
    if (staticValue !== undefined) return { definition, value: staticValue, source: ConfigSource.STATIC_BROKER_CONFIG };
    return { definition, value: definition.default, source: ConfigSource.DEFAULT_CONFIG };
  }

  /** Every layer that sets the key, most specific first: the order of Kafka's DescribeConfigs synonyms. */
  layers(name: string): { value: string | null; source: number }[] {
    const definition = this.byName.get(name);
    if (!definition) return [];
    const out: { value: string | null; source: number }[] = [];
    const dynamic = this.dynamic.get(name);
    if (dynamic) out.push(dynamic);
    const staticValue = this.staticValues.get(name);
    if (staticValue !== undefined) out.push({ value: staticValue, source: ConfigSource.STATIC_BROKER_CONFIG });
    if (definition.default !== null) out.push({ value: definition.default, source: ConfigSource.DEFAULT_CONFIG });
    return out;
  }

  get(name: string): string | undefined {
    return this.effective(name)?.value ?? undefined;
  }

  number(name: string, fallback: number): number {
    const n = Number(this.get(name));
    return Number.isFinite(n) ? n : fallback;
  }

  /** Static value, as if written in server.properties before start (tests and the playground). */
  setStatic(name: string, value: string): void {
    if (!this.byName.has(name)) throw new Error(`unknown broker config '${name}'`);
    this.staticValues.set(name, value);
  }

  setDynamic(name: string, value: string | null, perNode: boolean): void {
    if (value === null) this.dynamic.delete(name);
    else {
      const source = perNode ? ConfigSource.DYNAMIC_BROKER_CONFIG : ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG;
      this.dynamic.set(name, { value, source });
    }
  }
}
