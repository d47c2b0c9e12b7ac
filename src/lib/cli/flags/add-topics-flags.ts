// The flags of `kmirror add topics`.

import * as Flags from '@oclif/core/flags';
import { durationFlag, regexFlag, sourceConfigFlag, sourceProfileFlag, yesFlag } from './flags.js';

export const addTopicsFlags = {
  topic: Flags.string({
    char: 't',
    summary: 'topic to add (repeatable, or a comma-separated list)',
    multiple: true,
    helpValue: '<name>',
  }),
  'topics-file': Flags.string({
    summary: 'file with one topic name per line (# starts a comment)',
    helpValue: '<file>',
  }),
  pattern: regexFlag(
    'regular expression selecting source topics (repeatable; also --include); saved for auto-discovery',
    { char: 'p', aliases: ['include'] },
  ),
  exclude: regexFlag('regular expression of topics to leave out (repeatable); saved in the mirror', { char: 'x' }),
  'allow-missing': Flags.boolean({
    summary: 'send named topics that do not exist on the source yet (the mirror starts them when they appear)',
  }),
  'source-config': sourceConfigFlag(
    "properties file for reaching the source cluster from this machine; overrides the mirror's stored settings",
  ),
  ...sourceProfileFlag,
  'dry-run': Flags.boolean({ summary: 'show the matching topics and the request that would be sent; send nothing' }),
  wait: durationFlag({
    description:
      'after starting, wait up to this long until every added partition is MIRRORING and caught up with ' +
      'the source end ' +
      'offsets read when the wait began (also bounded by --timeout)',
  }),
  yes: yesFlag('add topics matched by --pattern without asking (required when there is no terminal to ask on)'),
};
