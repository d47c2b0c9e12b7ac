// Config validators by feature level, after the seed KIP on metadata-version-aware validators: a
// config key carries a `NavigableMap<Short, Validator>` per feature, and the validator in force is
// the floor entry for the cluster's finalized level (the highest level at or below it). kmirror
// applies it before `create` and `config set` send anything, and `check --feature` lists what an
// upgrade or downgrade would make invalid. Kafka's table states only what the prototype enforces;
// the prototype enforces no rule that changes with a level, so its keys carry one entry, at 0.

export const LEVELLED_FEATURES = ['mirror.version', 'metadata.version'] as const;
export type LevelledFeature = (typeof LEVELLED_FEATURES)[number];

export function isLevelledFeature(name: string): name is LevelledFeature {
  return (LEVELLED_FEATURES as readonly string[]).includes(name);
}

/** One rule on a value: null when it passes, else what is wrong. */
export interface ConfigValidator {
  /** The rule in words, e.g. `a whole number, at least 0`. */
  readonly rule: string;
  check(value: string): string | null;
}

/** Level → validator, read as Java's NavigableMap.floorEntry. */
export class LevelValidators {
  private readonly entries: readonly (readonly [number, ConfigValidator])[];

  constructor(entries: Iterable<readonly [number, ConfigValidator]>) {
    const sorted = [...entries].sort(([a], [b]) => a - b);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]?.[0] === sorted[i - 1]?.[0]) throw new Error(`level ${sorted[i]?.[0]} has two validators`);
    this.entries = sorted;
  }

  /** The validator in force at `level` and the level it was set at; undefined below the first entry. */
  floor(level: number): { readonly since: number; readonly validator: ConfigValidator } | undefined {
    let found: readonly [number, ConfigValidator] | undefined;
    for (const entry of this.entries) if (entry[0] <= level) found = entry;
    return found ? { since: found[0], validator: found[1] } : undefined;
  }

  levels(): number[] {
    return this.entries.map(([level]) => level);
  }
}

export type ValidatorsByFeature = Readonly<Partial<Record<LevelledFeature, LevelValidators>>>;

/** What makes a value invalid at some feature level. */
export interface LevelProblem {
  readonly key: string;
  readonly feature: LevelledFeature;
  /** The level judged (finalized, or proposed by `check --feature`). @minimum 0 */
  readonly level: number;
  /** The level whose validator is in force there. @minimum 0 */
  readonly since: number;
  readonly rule: string;
  readonly problem: string;
}

/** Finalized feature levels as ApiVersions reports them; a feature not listed is at 0. */
export type FeatureLevels = ReadonlyMap<string, number>;

export function levelOf(levels: FeatureLevels, feature: string): number {
  return levels.get(feature) ?? 0;
}

/** Every feature's validator in force at `levels` applied to one value. */
export function problemsAtLevels(
  key: string,
  validators: ValidatorsByFeature,
  value: string,
  levels: FeatureLevels,
): LevelProblem[] {
  const problems: LevelProblem[] = [];
  for (const feature of LEVELLED_FEATURES) {
    const level = levelOf(levels, feature);
    const inForce = validators[feature]?.floor(level);
    const problem = inForce?.validator.check(value);
    if (inForce && problem)
      problems.push({ key, feature, level, since: inForce.since, rule: inForce.validator.rule, problem });
  }
  return problems;
}

/** `mirror.version=2` as `check --feature` takes it. */
export function parseFeatureLevel(text: string): { feature: LevelledFeature; level: number } | string {
  const match = /^([a-z.]+)=(\d{1,5})$/.exec(text.trim());
  if (!match) return `'${text}' is not FEATURE=LEVEL`;
  const [, feature = '', level = ''] = match;
  if (!isLevelledFeature(feature)) return `'${feature}' is not a feature kmirror validates configs for`;
  const value = Number(level);
  if (value > 0x7fff) return `level ${value} is out of range (0-32767)`;
  return { feature, level: value };
}
