import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/base-command.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { ENABLE_MIRRORING_HINT } from '../lib/kafka/error-codes.js';
import { checkCluster } from '../lib/mirror/check.js';
import { type CheckResult, type MirrorCheck, checkMirror, missingPermissions } from '../lib/mirror/check-mirror.js';
import { renderCheck, renderClusterCheck } from '../lib/render/check.js';
import { type FeatureChange, type FeatureChangeCheck, checkFeatureChange } from '../lib/mirror/config-levels.js';
import { parseFeatureLevel } from '../lib/mirror/feature-levels.js';
import { UsageError } from '../lib/cli/errors.js';
import { renderFeatureChange } from '../lib/render/feature-change.js';
import { checkTwoWay } from '../lib/mirror/two-way.js';

/** How long `check` spends on one mirror's source when looking for a mirror back from it. */
const SOURCE_PROBE_MS = 5000;

/**
 * Whether the cluster can serve cluster mirroring, per broker; with a MIRROR argument, its permissions;
 * with --feature, what the proposed feature levels would make invalid (null when the cluster cannot serve mirrors).
 */
export type CheckJson = CheckResult & { readonly featureChange?: FeatureChangeCheck | null };

export default class Check extends BaseCommand<typeof Check> {
  static override summary =
    'Check that the destination cluster supports and has enabled cluster mirroring, and what you may do with a mirror';
  static override description =
    'Asks every broker of the destination cluster for its API versions and feature levels and reports, per ' +
    'broker, whether it is reachable, which versions of each mirror RPC and of ' +
    'DescribeConfigs/IncrementalAlterConfigs it speaks, and the finalized metadata.version and mirror.version. ' +
    'The verdict is one of: mirroring usable, mirroring APIs present but disabled (with how to enable it), or ' +
    'not supported by this Kafka. With MIRROR, it also asks DescribeClusterMirrors for the operations this ' +
    'principal may perform on that mirror (its ACLs) and lists, for DESCRIBE, ALTER, DELETE, DESCRIBE_CONFIGS, ' +
    'ALTER_CONFIGS and CREATE, whether it is allowed and which kmirror commands need it (delete needs both ' +
    'DELETE and ALTER). Exits 0 when usable, 4 when not, 3 when some brokers did not answer. With MIRROR: 5 when ' +
    'the principal may not even describe the mirror, 6 when it does not exist; a missing permission alone does ' +
    'NOT change the exit code (still 0): the check is a report, read the ALLOWED column or `mirror.permissions` ' +
    "in --json. It also asks Metadata for the operations allowed on each of the mirror's topics: pause, " +
    'remove-topics and resume need ALTER_CONFIGS on every listed topic, and a topic without it exits 5.' +
    " It also asks each mirror's source for mirrors reading back from this cluster and flags topics " +
    'mirrored both ways (after a failback, until the old mirror is deleted: the leader-epoch war; with both ' +
    'active: a mirror loop).';
  static override examples = [
    '<%= config.bin %> check -b localhost:9092',
    '<%= config.bin %> check -b localhost:9092 --json',
    '<%= config.bin %> check m1 -b localhost:9092',
    '<%= config.bin %> check -b localhost:9092 --feature mirror.version=2',
  ];

  static override flags = {
    feature: Flags.string({
      summary: "also validate every mirror's stored configs at this feature level, FEATURE=LEVEL (repeatable)",
      description:
        'For mirror.version and metadata.version: the validators of each config key at the given level (the ' +
        'highest entry at or below it) judge what each mirror stores, and the feature dependencies are checked ' +
        '(mirror.version 1 needs metadata.version 30). Lists what would be invalid after that upgrade or ' +
        'downgrade; exit 1 if anything would be.',
      helpValue: '<feature=level>',
      multiple: true,
    }),
  };

  static override args = {
    mirror: Args.string({ description: 'also report what this principal may do with this mirror', required: false }),
  };

  async run(): Promise<CheckJson> {
    const hints = { enableMirroring: ENABLE_MIRRORING_HINT };
    const changes = (this.flags.feature ?? []).map((text): FeatureChange => {
      const parsed = parseFeatureLevel(text);
      if (typeof parsed === 'string')
        throw new UsageError(`--feature: ${parsed}`, {
          hint: 'e.g. --feature mirror.version=2 or --feature metadata.version=31',
        });
      return parsed;
    });
    const client = await this.kafka();
    const cluster = await checkCluster(client);
    const name = this.args.mirror;
    let mirror: MirrorCheck | null | undefined;
    if (name !== undefined) {
      if (cluster.verdict === 'usable') {
        try {
          mirror = await checkMirror(client, name);
        } catch (err) {
          // The cluster part is shown above the error; in JSON it is the document the error joins.
          this.render(cluster, (c) => renderClusterCheck(c, hints));
          throw err;
        }
      } else {
        mirror = null;
      }
    }
    const twoWay =
      cluster.verdict === 'usable' && cluster.clusterId !== null
        ? await checkTwoWay(client, cluster.clusterId, { openSource: this.openSourceWithin(SOURCE_PROBE_MS) })
        : undefined;
    const featureChange =
      changes.length === 0
        ? undefined
        : cluster.verdict === 'usable'
          ? await checkFeatureChange(client, changes)
          : null;
    const result: CheckJson = {
      ...cluster,
      ...(mirror === undefined ? {} : { mirror }),
      ...(featureChange === undefined ? {} : { featureChange }),
      ...(twoWay === undefined ? {} : { twoWay }),
    };
    this.render(result, (r) => {
      const text = renderCheck(r, r.mirror ? missingPermissions(r.mirror) : [], hints);
      return r.featureChange ? `${text}\n\n${renderFeatureChange(r.featureChange)}` : text;
    });
    const invalid = featureChange ? featureChange.invalid.length + featureChange.dependencies.length : 0;
    // A report, not an error: the result is printed whole, the exit code still says 4, 3 or 1.
    if (result.verdict !== 'usable') this.exitAfterOutput(ExitCode.Unsupported);
    else if ((result.mirror?.topicPermissions.deniedTopics.length ?? 0) > 0) this.exitAfterOutput(ExitCode.Auth);
    else if (invalid > 0) this.exitAfterOutput(ExitCode.Error);
    else if (result.unreachable.length > 0) this.exitAfterOutput(ExitCode.PartialFailure);
    return result;
  }
}
