// The flags of `kmirror delete`.

import * as Flags from '@oclif/core/flags';
import { durationFlag, yesFlag } from './flags.js';

export const deleteFlags = {
  'dry-run': Flags.boolean({ summary: 'show the topics and whether the mirror can be deleted; send nothing' }),
  wait: durationFlag({
    description:
      'after deleting, wait up to this long until the mirror no longer appears in the mirror list (also ' +
      'bounded by --timeout)',
  }),
  yes: yesFlag('delete without typing the mirror name (required when there is no terminal to ask on)'),
};
