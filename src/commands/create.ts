import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../lib/cli/base-command.js';
import { CreateClusterMirror } from '../lib/kafka/messages/index.js';
import {
  type CreateMirrorResult,
  createResult,
  planCreateMirror,
  sendCreateMirror,
  sourceBootstrapProblem,
  withSourceClusterId,
} from '../lib/mirror/create.js';
import { resolveCreateSourceClusterId } from '../lib/mirror/source-cluster-id.js';
import { requireMirroringAtLevels } from '../lib/mirror/config-levels.js';
import { askFor } from '../lib/prompt/ask.js';
import { renderCreateMirror } from '../lib/render/create.js';

/** The mirror that was created (or, with --dry-run, would be): the configs sent, secrets masked as [redacted]. */
export type CreateJson = CreateMirrorResult;

export default class Create extends BaseCommand<typeof Create> {
  static override summary = 'Create a cluster mirror on the destination cluster';
  static override description =
    'Stores a new mirror on the destination cluster (-b): how to reach the SOURCE cluster (--source-bootstrap, and ' +
    '--source-config for security.protocol, sasl.*, ssl.*), its id, and any mirror setting (--config KEY=VALUE; ' +
    'kmirror config get MIRROR --all lists them). The destination brokers use these settings to connect to the source. ' +
    'Everything is checked before anything is sent: the name (letters, digits, ".", "_", "-"), every key and value, ' +
    'and the --include/--exclude patterns (Java regexes matched against whole topic names; a pattern cannot contain ","). ' +
    'kmirror reads the id from the source cluster, as the Java admin does; a --source-cluster-id the source does not ' +
    'report is refused (exit 2), because the broker would fail every partition of the mirror for good at its next ' +
    'sync; so is a source that is the destination cluster itself. --force stores --source-cluster-id without asking ' +
    'the source (for a machine that cannot reach it the way the brokers do). ' +
    'Creating a mirror starts no topic: use kmirror add-topics, or --include patterns for auto-discovery.';
  static override examples = [
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9092',
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9093 --source-config source-client.properties --include "orders-.*"',
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9092 --config mirror.fetch.max.bytes=2097152 --dry-run',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the new mirror', required: true }),
  };

  static override flags = {
    'source-bootstrap': Flags.string({
      summary: 'brokers of the SOURCE cluster, host:port[,host:port…] (asked for on a terminal when missing)',
      helpValue: '<host:port,…>',
    }),
    'source-config': Flags.string({
      summary: 'Kafka client properties describing how to reach the SOURCE (security.protocol, sasl.*, ssl.*)',
      description:
        'Every key is stored in the mirror config, secrets included: the destination brokers connect to the source with them.',
      helpValue: '<file>',
    }),
    config: Flags.string({
      summary: 'a mirror setting KEY=VALUE (repeatable); overrides --source-config',
      helpValue: '<key=value>',
      multiple: true,
    }),
    include: Flags.string({
      summary: 'topic pattern to mirror automatically (Java regex, repeatable) → mirror.topics.include',
      helpValue: '<regex>',
      multiple: true,
    }),
    exclude: Flags.string({
      summary: 'topic pattern never to mirror (Java regex, repeatable) → mirror.topics.exclude',
      helpValue: '<regex>',
      multiple: true,
    }),
    'source-cluster-id': Flags.string({
      summary:
        'id of the source cluster (default: read from the source cluster); checked against what the source reports',
      helpValue: '<id>',
    }),
    force: Flags.boolean({
      summary: 'store --source-cluster-id without asking the source cluster (which refuses an id it does not report)',
    }),
    'allow-unknown-config': Flags.boolean({ summary: 'send config keys kmirror does not know (a newer broker may)' }),
    'dry-run': Flags.boolean({
      summary: 'check everything and print the configs that would be sent; send nothing to the destination',
    }),
  };

  async run(): Promise<CreateMirrorResult> {
    const { flags, args } = this;
    const plan = await planCreateMirror({
      mirror: args.mirror,
      sourceBootstrap: flags['source-bootstrap'],
      sourceConfigFile: flags['source-config'],
      config: flags.config ?? [],
      include: flags.include ?? [],
      exclude: flags.exclude ?? [],
      sourceClusterId: flags['source-cluster-id'],
      allowUnknownConfig: flags['allow-unknown-config'] ?? false,
      askSourceBootstrap: () =>
        askFor('source-bootstrap', 'Bootstrap servers of the SOURCE cluster (host:port,…):', {
          canPrompt: this.canPrompt(),
          validate: sourceBootstrapProblem,
          hint: 'it names the cluster the mirror copies from',
        }),
    });
    for (const warning of plan.warnings) this.warning(warning);
    const dryRun = flags['dry-run'] ?? false;
    // The destination is gated before the source is contacted: no point reading an id we cannot use.
    const client = dryRun ? undefined : await this.kafka();
    if (client) await requireMirroringAtLevels(client, [CreateClusterMirror], plan.config);
    const destination = client ? (await client.clusterView()).clusterId : null;
    const sourceClusterId = await resolveCreateSourceClusterId(
      plan,
      { destination, force: flags.force },
      this.openSource,
      (m) => this.warning(m),
    );
    this.trace(`source cluster id: ${sourceClusterId}`);
    const config = withSourceClusterId(plan.config, sourceClusterId);
    if (client) await sendCreateMirror(client, plan.mirror, config, (m) => this.warning(m));
    const result = createResult(plan, config, sourceClusterId, dryRun);
    this.render(result, (shown) => renderCreateMirror(shown, this.reachArgs()));
    return result;
  }
}
