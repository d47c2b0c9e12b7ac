// Config validators by feature level, after the seed KIP: the validator in force is the floor entry for the
// finalized level. The prototype enforces no rule that changes with a level, so its keys carry one, at 0.

export const LEVELLED_FEATURES = ['mirror.version', 'metadata.version'] as const;
export type LevelledFeature = (typeof LEVELLED_FEATURES)[number];

export function isLevelledFeature(name: string): name is LevelledFeature {
  return (LEVELLED_FEATURES as readonly string[]).includes(name);
}

export interface ConfigValidator {
  readonly rule: string;
  check(value: string): string | null;
}

export class LevelValidators {
  private readonly entries: readonly (readonly [number, ConfigValidator])[];

  constructor(entries: Iterable<readonly [number, ConfigValidator]>) {
    const sorted = [...entries].sort(([a], [b]) => a - b);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]?.[0] === sorted[i - 1]?.[0]) throw new Error(`level ${sorted[i]?.[0]} has two validators`);
    this.entries = sorted;
  }

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

export type FeatureLevels = ReadonlyMap<string, number>;

export function levelOf(levels: FeatureLevels, feature: string): number {
  return levels.get(feature) ?? 0;
}

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

export function parseFeatureLevel(text: string): { feature: LevelledFeature; level: number } | string {
  const match = /^([a-z.]+)=(\d{1,5})$/.exec(text.trim());
  if (!match) return `'${text}' is not FEATURE=LEVEL`;
  const [, feature = '', level = ''] = match;
  if (!isLevelledFeature(feature)) return `'${feature}' is not a feature kmirror validates configs for`;
  const value = Number(level);
  if (value > 0x7fff) return `level ${value} is out of range (0-32767)`;
  return { feature, level: value };
}
