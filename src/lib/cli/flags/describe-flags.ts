// The flags of `kmirror describe`: which partitions to show and how, --watch, and the --fail-on checks.

import * as Flags from '@oclif/core/flags';
import { DESCRIBE_SORTS, type DescribeSort } from '../../mirror/describe/describe-filters.js';
import { DEFAULT_GRACE_MS } from '../../mirror/describe/health.js';
import { PARTITION_STATES } from '../../mirror/describe/lag.js';
import { durationFlag, int64Flag } from './flags.js';
import { watchFlags } from './watch-flags.js';
import { type DescribeRequest, describeRequest } from '../../mirror/describe/describe-run.js';

import { sourceCheckFlags } from './source-check-flags.js';
export const describeFlags = {
  topic: Flags.string({
    char: 't',
    summary: 'only this topic (exact name; repeatable)',
    multiple: true,
    helpValue: '<name>',
  }),
  'topic-pattern': Flags.string({
    char: 'p',
    summary: 'only topics whose whole name matches this regular expression (repeatable)',
    multiple: true,
    helpValue: '<regex>',
  }),
  state: Flags.string({
    summary:
      `only partitions in this state (repeatable): ${PARTITION_STATES.join(', ')}; KIP-1279 revision 57's ` +
      `INITIALIZING and PREPARING are LOG_TRUNCATION and EPOCH_FENCING`,
    multiple: true,
    helpValue: '<state>',
  }),
  failed: Flags.boolean({ summary: 'only FAILED partitions (same as --state FAILED)' }),
  'min-lag': int64Flag({
    summary: 'only partitions lagging by at least this many records (FAILED ones, whose lag is unknown, are kept)',
    min: 0n,
    helpValue: '<records>',
  }),
  sort: Flags.option({
    summary: 'order of topics and partitions: by name and number, or largest lag first',
    options: DESCRIBE_SORTS,
    default: 'topic' as DescribeSort,
  })(),
  partitions: Flags.boolean({ summary: 'list every partition (same as -o wide)' }),
  ...watchFlags,
  'fail-on': Flags.string({
    summary:
      'exit 7 when a partition meets this condition: failing, lagging[=N], lagging-time=DURATION, not-mirroring ' +
      '(repeatable)',
    description:
      'failing: FAILED; lagging=N: lag above N records (lagging: above 0); lagging-time=30s: the oldest record ' +
      'the destination lacks is older than 30s (read on the source; a lagging partition whose record cannot be ' +
      'read there counts, its age being unknown); not-mirroring: any state but MIRRORING. A partition FAILED ' +
      'with a retriable error is counted only when it is still FAILED after ' +
      '--grace (describe asks once more). The offending partitions are listed; with --json in `health`. Not with ' +
      '--watch.',
    multiple: true,
    helpValue: '<condition>',
  }),
  grace: durationFlag({
    description: 'with --fail-on: how long a partition FAILED with a retriable error may take to recover',
    defaultMs: DEFAULT_GRACE_MS,
  }),
  ...sourceCheckFlags(
    'to explain FAILED partitions, confirm a zero lag under --fail-on, compare topic ids, read lag times',
  ),
};

export function describeRequestOf(
  names: readonly string[],
  flags: {
    readonly topic?: string[] | undefined;
    readonly 'topic-pattern'?: string[] | undefined;
    readonly state?: string[] | undefined;
    readonly failed: boolean;
    readonly 'min-lag'?: bigint | undefined;
    readonly sort: string;
    readonly 'fail-on'?: string[] | undefined;
    readonly grace: number;
    readonly watch: boolean;
  },
): DescribeRequest {
  return describeRequest({
    names,
    topics: flags.topic,
    topicPatterns: flags['topic-pattern'],
    states: flags.state,
    failed: flags.failed,
    minLag: flags['min-lag'],
    sort: flags.sort,
    failOn: flags['fail-on'],
    graceMs: flags.grace,
    watch: flags.watch,
  });
}
