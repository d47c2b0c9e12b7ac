import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { createFlags, createInputOf } from '../lib/cli/flags/create-flags.js';
import { CreateClusterMirror } from '../lib/kafka/messages/index.js';
import {
  type CreateMirrorResult,
  createResult,
  planCreateMirror,
  sendCreateMirror,
  sourceBootstrapProblem,
  withSourceClusterId,
} from '../lib/mirror/lifecycle/create.js';
import { requireMirroringAtLevels } from '../lib/mirror/config/config-levels.js';
import { askFor } from '../lib/prompt/ask.js';
import { refuseSecretArgs } from '../lib/cli/flags/setting-args.js';
import { autoDiscoveryConfirmation, renderCreateMirror } from '../lib/render/create.js';
import { confirmPlan } from '../lib/prompt/confirm-plan.js';
import { createdIncludePatterns } from '../lib/mirror/config/topic-filter-changes.js';
import { resolveCreateSourceClusterId } from '../lib/mirror/lifecycle/create-source-id.js';
import { createLoopCheck } from '../lib/mirror/lifecycle/create-loop-check.js';
import { SOURCE_CHECK_BUDGET_MS } from '../lib/mirror/core/source-check.js';

/** The mirror that was created (or, with --dry-run, would be): the configs sent, secrets masked as [redacted]. */
export type CreateJson = CreateMirrorResult;

export default class Create extends BaseCommand<typeof Create> {
  static changesState = true;

  static override summary = 'Create a cluster mirror on the destination cluster';
  static override description =
    'Stores a new mirror on the destination cluster (-b): how to reach the SOURCE cluster (--source-bootstrap, ' +
    'and --source-config for security.protocol, sasl.*, ssl.*), its id, and any mirror setting (--config ' +
    'KEY=VALUE; kmirror config get MIRROR --all lists them). The destination brokers use these settings to ' +
    'connect to the source. Everything is checked before anything is sent: the name (letters, digits, ".", "_", ' +
    '"-"), every key and value, and the --include/--exclude patterns (Java regexes matched against whole topic ' +
    'names; a pattern cannot contain ","). kmirror reads the id from the source cluster, as the Java admin does; ' +
    'a --source-cluster-id the source does not report is refused (exit 2), because the broker would fail every ' +
    'partition of the mirror for good at its next sync; so is a source that is the destination cluster itself. ' +
    '--force stores --source-cluster-id without asking the source (for a machine that cannot reach it the way ' +
    'the brokers do). Creating a mirror starts no topic: use kmirror add-topics, or --include patterns for ' +
    'auto-discovery (the mirror then starts every source topic they match, by itself: that asks for confirmation ' +
    'on a terminal; elsewhere pass --yes).';
  static override examples = [
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9092',
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9093 --source-config ' +
      'source-client.properties --include "orders-.*" --yes',
    '<%= config.bin %> create eu-orders -b dest:9092 --source-bootstrap src:9092 --config ' +
      'mirror.fetch.max.bytes=2097152 --dry-run',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the new mirror', required: true }),
  };

  static override flags = createFlags;

  async run(): Promise<CreateMirrorResult> {
    const { flags, args } = this;
    refuseSecretArgs(flags.config ?? [], '--config', flags['allow-secret-arg']);
    const fromFile = await this.configFileSettings(this.flags['config-file']);
    const ask = () =>
      askFor('source-bootstrap', 'Bootstrap servers of the SOURCE cluster (host:port,…):', {
        canPrompt: this.canPrompt(),
        validate: sourceBootstrapProblem,
        hint: 'it names the cluster the mirror copies from',
      });
    const plan = await planCreateMirror(createInputOf(args.mirror, flags, fromFile, ask));
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
    const include = createdIncludePatterns(config);
    const loopCheck = await createLoopCheck(plan, include, {
      destination: client ? destination : undefined,
      openSource: this.openSourceWithin(SOURCE_CHECK_BUDGET_MS),
      allowLoop: flags['allow-mirror-loop'],
      warn: (m) => this.warning(m),
    });
    if (client && include.length > 0) {
      const confirmation = autoDiscoveryConfirmation(plan.mirror, plan.sourceBootstrap, include);
      await confirmPlan(confirmation, this.confirmSettings(flags.yes));
    }
    if (client) await sendCreateMirror(client, plan.mirror, config, (m) => this.warning(m));
    const result = createResult(plan, config, sourceClusterId, dryRun, loopCheck);
    this.render(result, (shown) => renderCreateMirror(shown, this.reachArgs()));
    return result;
  }
}
