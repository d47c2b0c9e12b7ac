// The flags of `kmirror create`: how the destination brokers reach the SOURCE, the mirror's settings
// and topic patterns, the source cluster id, and the checks and confirmation before sending.

import * as Flags from '@oclif/core/flags';
import { regexFlag, yesFlag } from './flags.js';
import { allowMirrorLoopFlag } from './guard-flags.js';
import { settingSourceFlags } from './setting-args.js';
import type { CreateMirrorInput } from '../../mirror/lifecycle/create.js';

export const createFlags = {
  'source-bootstrap': Flags.string({
    summary: 'brokers of the SOURCE cluster, host:port[,host:port…] (asked for on a terminal when missing)',
    helpValue: '<host:port,…>',
  }),
  'source-config': Flags.string({
    summary: 'Kafka client properties describing how to reach the SOURCE (security.protocol, sasl.*, ssl.*)',
    description:
      'Every key is stored in the mirror config, secrets included: the destination brokers connect to the ' +
      'source with them.',
    helpValue: '<file>',
  }),
  config: Flags.string({
    summary: 'a mirror setting KEY=VALUE (repeatable); overrides --source-config',
    helpValue: '<key=value>',
    multiple: true,
  }),
  include: regexFlag(
    'topic pattern to mirror automatically (Java regex, repeatable; also --pattern) → mirror.topics.include',
    { char: 'p', aliases: ['pattern'] },
  ),
  exclude: regexFlag('topic pattern never to mirror (Java regex, repeatable) → mirror.topics.exclude'),
  'source-cluster-id': Flags.string({
    summary:
      'id of the source cluster (default: read from the source cluster); checked against what the source reports',
    helpValue: '<id>',
  }),
  force: Flags.boolean({
    summary: 'store --source-cluster-id without asking the source cluster (which refuses an id it does not report)',
  }),
  'allow-unknown-config': Flags.boolean({ summary: 'send config keys kmirror does not know (a newer broker may)' }),
  ...settingSourceFlags,
  'dry-run': Flags.boolean({
    summary: 'check everything and print the configs that would be sent; send nothing to the destination',
  }),
  yes: yesFlag('create a mirror with --include patterns without asking (required when there is no terminal to ask on)'),
  ...allowMirrorLoopFlag,
};

export function createInputOf(
  mirror: string,
  flags: {
    readonly 'source-bootstrap'?: string | undefined;
    readonly 'source-config'?: string | undefined;
    readonly config?: string[] | undefined;
    readonly include?: string[] | undefined;
    readonly exclude?: string[] | undefined;
    readonly 'source-cluster-id'?: string | undefined;
    readonly 'allow-unknown-config'?: boolean | undefined;
  },
  fromFile: readonly string[],
  askSourceBootstrap: () => Promise<string>,
): CreateMirrorInput {
  return {
    mirror,
    sourceBootstrap: flags['source-bootstrap'],
    sourceConfigFile: flags['source-config'],
    config: [...fromFile, ...(flags.config ?? [])],
    include: flags.include ?? [],
    exclude: flags.exclude ?? [],
    sourceClusterId: flags['source-cluster-id'],
    allowUnknownConfig: flags['allow-unknown-config'] ?? false,
    askSourceBootstrap,
  };
}
