// The flags of `kmirror check`: --feature levels to validate the stored mirror configs at.

import * as Flags from '@oclif/core/flags';
import type { FeatureChange } from '../../mirror/config/config-levels.js';
import { parseFeatureLevel } from '../../mirror/config/feature-levels.js';
import { UsageError } from '../failures/errors.js';

import { estateFlags } from './estate-flags.js';
import { type SourceCheckFlagValues, sourceCheckFlags } from './source-check-flags.js';

/** The flags of check as parsed (its -b is a list per cluster, so oclif's inferred type does not reach them). */
export type CheckFlagValues = SourceCheckFlagValues & { readonly feature?: string[] | undefined };
export const checkFlags = {
  ...estateFlags,
  ...sourceCheckFlags('for mirrors back from it; with MIRROR, its topic ids and FAILED partitions'),
  feature: Flags.string({
    summary: "also validate every mirror's stored configs at this feature level, FEATURE=LEVEL (repeatable)",
    description:
      'For mirror.version and metadata.version: the validators of each config key at the given level (the ' +
      'highest entry at or below it) judge what each mirror stores, and the feature dependencies are checked ' +
      '(mirror.version 1 needs metadata.version 30). Lists what would be invalid after that upgrade or ' +
      'downgrade; exit 1 if anything would be.',
    helpValue: '<feature=level>',
    multiple: true,
  }),
};

export function featureChangesOf(values: readonly string[] | undefined): FeatureChange[] {
  return (values ?? []).map((text) => {
    const parsed = parseFeatureLevel(text);
    if (typeof parsed === 'string')
      throw new UsageError(`--feature: ${parsed}`, {
        hint: 'e.g. --feature mirror.version=2 or --feature metadata.version=31',
      });
    return parsed;
  });
}
