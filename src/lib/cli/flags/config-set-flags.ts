// The flags of `kmirror config set`: what to change besides KEY=VALUE arguments, and how carefully.

import * as Flags from '@oclif/core/flags';
import { durationFlag, yesFlag } from './flags.js';
import { settingSourceFlags } from './setting-args.js';

export const configSetFlags = {
  delete: Flags.string({ summary: 'return KEY to its default (repeatable)', helpValue: '<key>', multiple: true }),
  append: Flags.string({
    summary: 'add items to a LIST key, KEY=VALUE (repeatable)',
    helpValue: '<key=value>',
    multiple: true,
  }),
  subtract: Flags.string({
    summary: 'remove items from a LIST key, KEY=VALUE (repeatable)',
    helpValue: '<key=value>',
    multiple: true,
  }),
  'dry-run': Flags.boolean({
    summary: 'let the broker check the changes without applying them (also --validate-only)',
    aliases: ['validate-only'],
  }),
  'allow-unknown-config': Flags.boolean({ summary: 'send keys kmirror does not know (a newer broker may)' }),
  ...settingSourceFlags,
  force: Flags.boolean({
    summary: 'apply a change of the source settings without asking the source first',
  }),
  wait: durationFlag({
    description:
      'after the change, wait up to this long until the partitions that were MIRRORING are MIRRORING ' +
      'again (a config change restarts them; also bounded by --timeout)',
  }),
  yes: yesFlag('change mirror.topics.include/exclude without asking (required when there is no terminal to ask on)'),
};
