// The flags of the switchover commands, promote and failback, kept out of the command files.

import { Flags } from '@oclif/core';
import { durationFlag, yesFlag } from './flags.js';

export const promoteFlags = {
  topic: Flags.string({
    char: 't',
    summary: 'topic of the mirror to promote (repeatable, or a comma-separated list)',
    multiple: true,
    helpValue: '<name>',
  }),
  pattern: Flags.string({
    char: 'p',
    summary: "regular expression (full match) selecting the mirror's topics (repeatable)",
    multiple: true,
    helpValue: '<regex>',
  }),
  'wait-for-quiet': Flags.boolean({
    summary: 'wait until the source end offsets stand still (--no-wait-for-quiet: refuse if they move)',
    default: true,
    allowNo: true,
  }),
  'quiet-period': durationFlag({
    description: 'how long the source end offsets must stand still to count as quiet',
    defaultMs: 5000,
  }),
  force: Flags.boolean({
    summary: 'skip the check that producers stopped (records written to the source meanwhile are lost)',
  }),
  'source-config': Flags.string({
    summary: "properties file for reaching the source from this machine; overrides the mirror's stored settings",
    helpValue: '<file>',
  }),
  'dry-run': Flags.boolean({ summary: 'show the plan with the current gap of every partition; change nothing' }),
  yes: yesFlag('promote without asking (required when there is no terminal to ask on)'),
};
