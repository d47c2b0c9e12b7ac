// The flags of every command that may check a mirror's source (mirror/source-check.ts): how to reach
// it from this machine (--source-profile or --source-config, else the settings the mirror stores) and
// --no-source-check to contact no source at all. One builder, so their words and rules are the same.

import * as Flags from '@oclif/core/flags';
import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { SOURCE_CHECK_BUDGET_MS, type SourceCheckPolicy } from '../../mirror/core/source-check.js';
import { durationFlag, sourceConfigFlag, sourceProfileFlag } from './flags.js';
import { type SourceAccess } from '../../mirror/core/source-access.js';

export function sourceCheckFlags(why: string) {
  return {
    'source-config': sourceConfigFlag(
      `properties file for reaching the source cluster from this machine (${why}); overrides the mirror's ` +
        'stored settings',
    ),
    ...sourceProfileFlag,
    'source-check': Flags.boolean({
      summary: `ask the mirror's source cluster from this machine (${why}); --no-source-check skips it`,
      description:
        `kmirror contacts a source only when it has something to decide there, every source in parallel, ` +
        `within --source-check-timeout in all (and --timeout). A source that does not answer from ` +
        'this machine may still answer the destination brokers: both are reported.',
      allowNo: true,
      default: true,
    }),
    'source-check-timeout': durationFlag({
      description:
        'how long the source check may take in all (a far or busy source needs longer); a source that has not ' +
        'answered by then is reported as not answering from this machine',
      defaultMs: SOURCE_CHECK_BUDGET_MS,
      env: 'KMIRROR_SOURCE_CHECK_TIMEOUT',
    }),
  };
}

export interface SourceCheckFlagValues {
  readonly 'source-config'?: string;
  readonly 'source-profile'?: string;
  readonly 'source-check': boolean;
  readonly 'source-check-timeout'?: number;
}

export function sourceCheckPolicy(
  flags: SourceCheckFlagValues,
  access: SourceAccess,
  openWithin: (ms: number) => (settings: ConnectionConfig) => Promise<KafkaClient>,
  warn: (message: string) => void,
): SourceCheckPolicy {
  return {
    enabled: flags['source-check'],
    budgetMs: flags['source-check-timeout'] ?? SOURCE_CHECK_BUDGET_MS,
    access,
    openSource: (settings, ms) => openWithin(ms)(settings),
    warn,
  };
}
