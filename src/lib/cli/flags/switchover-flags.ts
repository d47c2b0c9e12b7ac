// The flags of the switchover commands, promote and failback, kept out of the command files.

import { allowMirrorLoopFlag } from './guard-flags.js';
import * as Flags from '@oclif/core/flags';
import { durationFlag, regexFlag, sourceProfileFlag, yesFlag } from './flags.js';
import { sourceCheckFlags } from './source-check-flags.js';

function topicSelectionFlags(topicSummary: string) {
  return {
    topic: Flags.string({ char: 't', summary: topicSummary, multiple: true, helpValue: '<name>' }),
    pattern: regexFlag("regular expression (full match) selecting the mirror's topics (repeatable)", { char: 'p' }),
  };
}
const receiptFlag = (command: string) =>
  Flags.string({
    summary:
      `after the ${command}, write a JSON receipt to this file: both clusters, the steps' times, per partition the ` +
      'ends, stop markers and a verify of the last 10 batches, the groups (kmirror verify --receipt checks it later)',
    helpValue: '<file>',
  });

export const promoteFlags = {
  ...topicSelectionFlags('topic of the mirror to promote (repeatable, or a comma-separated list)'),
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
    summary:
      'skip the check that producers stopped (records written to the source meanwhile are lost), and promote without ' +
      'consumer groups active on the destination',
  }),
  group: Flags.string({
    char: 'g',
    summary: "wait only for this consumer group (repeatable; of those the mirror's group filters select)",
    multiple: true,
    helpValue: '<id>',
  }),
  'group-pattern': Flags.string({
    summary: 'wait only for groups whose id fully matches this regular expression (repeatable)',
    multiple: true,
    helpValue: '<regex>',
  }),
  'skip-groups': Flags.boolean({
    summary: "do not compare the consumer groups' offsets before the stop (a warning says so)",
    exclusive: ['group', 'group-pattern'],
  }),
  'source-config': Flags.string({
    summary: "properties file for reaching the source from this machine; overrides the mirror's stored settings",
    helpValue: '<file>',
  }),
  ...sourceProfileFlag,
  'dry-run': Flags.boolean({ summary: 'show the plan with the current gap of every partition; change nothing' }),
  verify: Flags.boolean({
    summary: 'before the stop, compare the last 10 batches of each partition on both sides; refuse if they differ',
  }),
  receipt: receiptFlag('promote'),
  yes: yesFlag('promote without asking (required when there is no terminal to ask on)'),
};

export const failbackFlags = {
  to: Flags.string({
    summary: 'the OLD SOURCE cluster (A): a saved profile name, or host:port[,host:port…]',
    required: true,
    helpValue: '<profile|host:port,…>',
  }),
  'to-config': Flags.string({
    summary: 'Kafka client properties for reaching A from this machine (security.protocol, sasl.*, ssl.*)',
    helpValue: '<file>',
  }),
  ...topicSelectionFlags('failed-over topic of the mirror to fail back (repeatable, or a comma-separated list)'),
  'reverse-mirror': Flags.string({
    summary: "name of the mirror on A that reads from B (default: A's mirror from B, else MIRROR-failback)",
    helpValue: '<name>',
  }),
  'source-bootstrap': Flags.string({
    summary: "B's brokers as A's brokers reach them (default: the -b addresses)",
    helpValue: '<host:port,…>',
  }),
  'source-config': Flags.string({
    summary: "how A's brokers reach B: properties stored in the new mirror (default: this command's settings for B)",
    helpValue: '<file>',
  }),
  'dry-run': Flags.boolean({ summary: 'show the partitions of A that will be cut and by how much; change nothing' }),
  receipt: receiptFlag('failback'),
  yes: yesFlag('fail back without asking (required when there is no terminal to ask on)'),
  ...allowMirrorLoopFlag,
};

export const promoteCommandFlags = {
  ...promoteFlags,
  'source-check': sourceCheckFlags('to refuse a promote while it does not answer')['source-check'],
};

export function failbackOptions(f: {
  readonly 'reverse-mirror'?: string;
  readonly 'source-bootstrap'?: string;
  readonly 'source-config'?: string;
  readonly 'allow-mirror-loop': boolean;
}): {
  reverseMirror?: string;
  sourceBootstrap?: string;
  sourceConfigFile?: string;
  allowMirrorLoop: boolean;
} {
  return {
    ...(f['reverse-mirror'] ? { reverseMirror: f['reverse-mirror'] } : {}),
    ...(f['source-bootstrap'] ? { sourceBootstrap: f['source-bootstrap'] } : {}),
    ...(f['source-config'] ? { sourceConfigFile: f['source-config'] } : {}),
    allowMirrorLoop: f['allow-mirror-loop'],
  };
}
