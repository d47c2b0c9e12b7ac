// Mirror configs judged by the validators of a feature level: before `create` and `config set`, at the
// finalized levels; for `check --feature`, at the levels an upgrade or downgrade would set.

import { REDACTED } from '../../connection/redact.js';
import type { BrokerInfo, KafkaClient } from '../../kafka/client.js';
import type { ApiDefinition } from '../../kafka/definition.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { DescribeConfigs, ListClusterMirrors } from '../../kafka/messages/index.js';
import { readStoredConfigs } from './config.js';
import { MIRROR_CONFIG_KEYS, type MirrorConfigKey } from './config-keys.js';
import { isSensitiveMirrorKey } from './config-validation.js';
import { InvalidInputError } from '../core/errors.js';
import {
  type FeatureLevels,
  type LevelProblem,
  type LevelledFeature,
  levelOf,
  problemsAtLevels,
} from './feature-levels.js';

/** metadata.version 4.2-IV2, which mirror.version 1 needs (PROTOCOL.md §8). */
export const MIRROR_METADATA_VERSION = 30;

const FEATURE_DEPENDENCIES: readonly {
  readonly feature: LevelledFeature;
  readonly from: number;
  readonly requires: { readonly feature: LevelledFeature; readonly level: number };
}[] = [
  { feature: 'mirror.version', from: 1, requires: { feature: 'metadata.version', level: MIRROR_METADATA_VERSION } },
];

export type MirrorConfigTable = readonly MirrorConfigKey[];

export function configProblemsAtLevels(
  entries: Iterable<readonly [string, string | null]>,
  levels: FeatureLevels,
  table: MirrorConfigTable = MIRROR_CONFIG_KEYS,
): LevelProblem[] {
  const byName = new Map(table.map((k) => [k.name, k]));
  const problems: LevelProblem[] = [];
  for (const [key, value] of entries) {
    const spec = byName.get(key);
    if (spec && value !== null) problems.push(...problemsAtLevels(key, spec.byFeatureLevel, value, levels));
  }
  return problems;
}

function describeProblem(p: LevelProblem, value: string): string {
  const shown = isSensitiveMirrorKey(p.key) ? REDACTED : value;
  return `${p.key}=${shown}: ${p.problem} (the rule of ${p.feature} ${p.since} and up: ${p.rule})`;
}

export function requireValidAtFinalizedLevels(
  entries: Iterable<readonly [string, string | null]>,
  finalized: FeatureLevels,
  table: MirrorConfigTable = MIRROR_CONFIG_KEYS,
): void {
  const values = new Map(entries);
  const problems = configProblemsAtLevels(values, finalized, table);
  if (problems.length === 0) return;
  const levels = [...new Set(problems.map((p) => `${p.feature}=${p.level}`))].join(', ');
  throw new InvalidInputError(
    `invalid at the cluster's finalized ${levels}: ` +
      `${problems.map((p) => describeProblem(p, values.get(p.key) ?? '')).join('; ')}`,
    {
      hint:
        'the validator in force is the one of the highest level at or below the finalized one; kmirror ' +
        'check shows the levels',
    },
  );
}

export async function requireMirroringAtLevels(
  client: KafkaClient,
  apis: readonly ApiDefinition[],
  config: Iterable<readonly [string, string | null]>,
  table: MirrorConfigTable = MIRROR_CONFIG_KEYS,
): Promise<BrokerInfo> {
  const info = await client.requireMirroring(apis);
  requireValidAtFinalizedLevels(config, info.finalizedFeatures, table);
  return info;
}

export interface FeatureChange {
  readonly feature: LevelledFeature;
  /** @minimum 0 */
  readonly level: number;
}

/** The --json part of `check --feature`. */
export interface FeatureChangeCheck {
  readonly changes: { feature: LevelledFeature; from: number; to: number }[];
  /** Mirrors whose stored configs were judged. @minimum 0 */
  readonly mirrors: number;
  /** Stored values invalid at the proposed levels; `invalidNow` when they already are at the finalized ones. */
  readonly invalid: (LevelProblem & { mirror: string; value: string | null; invalidNow: boolean })[];
  /** Feature dependencies the proposed levels break (mirror.version 1 needs metadata.version 30). */
  readonly dependencies: { feature: string; level: number; requires: { feature: string; level: number } }[];
  /** Facts worth knowing about the proposed levels. */
  readonly notes: string[];
}

export async function checkFeatureChange(
  client: KafkaClient,
  changes: readonly FeatureChange[],
  options: { readonly table?: MirrorConfigTable } = {},
): Promise<FeatureChangeCheck> {
  const info = await client.requireMirroring([ListClusterMirrors, DescribeConfigs], { allowDisabled: true });
  const finalized = info.finalizedFeatures;
  const proposed = new Map(finalized);
  for (const change of changes) proposed.set(change.feature, change.level);

  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: false });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const names = listed.Mirrors.map((m) => m.MirrorName).sort();
  const invalid: FeatureChangeCheck['invalid'] = [];
  for (const mirror of names) {
    const stored = await readStoredConfigs(client, mirror);
    const now = new Set(configProblemsAtLevels(stored, finalized, options.table).map((p) => `${p.key}/${p.feature}`));
    for (const p of configProblemsAtLevels(stored, proposed, options.table)) {
      const value = stored.get(p.key) ?? null;
      invalid.push({
        ...p,
        mirror,
        value: value !== null && isSensitiveMirrorKey(p.key) ? REDACTED : value,
        invalidNow: now.has(`${p.key}/${p.feature}`),
      });
    }
  }
  const dependencies = FEATURE_DEPENDENCIES.filter(
    (d) => levelOf(proposed, d.feature) >= d.from && levelOf(proposed, d.requires.feature) < d.requires.level,
  ).map((d) => ({ feature: d.feature, level: levelOf(proposed, d.feature), requires: d.requires }));
  const notes =
    levelOf(proposed, 'mirror.version') < 1
      ? [
          'at mirror.version 0 mirroring is disabled: the mirror RPCs answer UNSUPPORTED_VERSION and no ' +
            'mirror runs; stored configs stay',
        ]
      : [];
  return {
    changes: changes.map((c) => ({ feature: c.feature, from: levelOf(finalized, c.feature), to: c.level })),
    mirrors: names.length,
    invalid,
    dependencies,
    notes,
  };
}
