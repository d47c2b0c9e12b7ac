// The flags that name several clusters at once (topology, check across the estate): -b repeated, one
// bootstrap list per cluster; --cluster PROFILE repeated; or --all-profiles. Each cluster gets its own
// share of --timeout (--cluster-timeout) so one that cannot be reached is reported, not fatal.

import { existsSync } from 'node:fs';
import * as Flags from '@oclif/core/flags';
import { ProfileStore, profileFilePath } from '../../connection/profile-file.js';
import { UsageError } from '../failures/errors.js';
import { HelpGroup, durationFlag } from './flags.js';

export const DEFAULT_CLUSTER_TIMEOUT_MS = 10_000;

export const estateFlags = {
  'bootstrap-server': Flags.string({
    char: 'b',
    summary: 'brokers of a cluster, host:port[,host:port…]; repeat -b, once per cluster, to name several',
    description:
      'Each -b is one cluster of the estate, reached with the same connection flags (--command-config, SASL, ' +
      'TLS). Overrides bootstrap.servers from --command-config.',
    helpValue: '<host:port,…>',
    env: 'KMIRROR_BOOTSTRAP_SERVER',
    helpGroup: HelpGroup.Connection,
    multiple: true,
  }),
  cluster: Flags.string({
    summary: 'a saved profile (kmirror profile list) naming one cluster of the estate; repeatable',
    description: 'Each profile is reached with its own settings alone, never with the flags or KMIRROR_* of -b.',
    helpValue: '<profile>',
    multiple: true,
  }),
  'all-profiles': Flags.boolean({
    summary: 'every saved profile is a cluster of the estate',
    exclusive: ['cluster'],
  }),
  'cluster-timeout': durationFlag({
    description: 'how long each cluster may take to answer before it is reported unreachable (within --timeout)',
    defaultMs: DEFAULT_CLUSTER_TIMEOUT_MS,
  }),
};

export interface EstateFlagValues {
  readonly cluster?: string[] | undefined;
  readonly 'all-profiles'?: boolean | undefined;
  readonly 'cluster-timeout': number;
}

export function namesSeveralClusters(flags: EstateFlagValues, bootstrapLists: readonly string[]): boolean {
  return flags['all-profiles'] === true || (flags.cluster?.length ?? 0) > 0 || bootstrapLists.length > 1;
}

function savedProfileNames(): string[] {
  const path = profileFilePath();
  return existsSync(path) ? ProfileStore.load(path).names() : [];
}

export function estateProfiles(flags: EstateFlagValues, saved: () => string[] = savedProfileNames): string[] {
  const names = flags['all-profiles'] ? saved() : (flags.cluster ?? []);
  if (flags['all-profiles'] && names.length === 0)
    throw new UsageError('--all-profiles: no profile is saved', {
      hint: 'save one per cluster with kmirror profile create NAME -b host:port, or name clusters with -b',
    });
  return [...new Set(names)];
}
