import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { ExitCode } from '../lib/cli/failures/exit-codes.js';
import { type CheckFlagValues, checkFlags, featureChangesOf } from '../lib/cli/flags/check-flags.js';
import { type EstateFlagValues, estateProfiles, namesSeveralClusters } from '../lib/cli/flags/estate-flags.js';
import { type EstateCheck, checkEstate, estateOutcome } from '../lib/mirror/topology/estate-check.js';
import { renderEstateCheck } from '../lib/render/check-estate.js';
import { ENABLE_MIRRORING_HINT } from '../lib/kafka/error-codes.js';
import { missingPermissions } from '../lib/mirror/check/check-mirror.js';
import { type CheckReport, checkOutcome, checkReport } from '../lib/mirror/check/check-report.js';
import { renderCheck, renderClusterCheck } from '../lib/render/check.js';
import { renderFeatureChange } from '../lib/render/feature-change.js';

/**
 * Whether the cluster can serve cluster mirroring, per broker; with a MIRROR argument, its permissions;
 * with --feature, what the proposed feature levels would make invalid (null when the cluster cannot serve mirrors).
 * With several clusters named (-b repeated, --cluster, --all-profiles): each cluster summarised and the findings
 * across them (kmirror topology's).
 */
export type CheckJson = CheckReport | EstateCheck;

const EXIT_OF = {
  usable: ExitCode.Ok,
  unsupported: ExitCode.Unsupported,
  'invalid-at-level': ExitCode.Error,
  'brokers-unreachable': ExitCode.PartialFailure,
  'topic-permission-denied': ExitCode.Auth,
  ok: ExitCode.Ok,
  problem: ExitCode.Error,
  'clusters-unreachable': ExitCode.PartialFailure,
} as const;

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
    'active: a mirror loop). With several clusters (-b once per cluster, --cluster PROFILE, --all-profiles) it ' +
    "summarises each cluster's verdict, brokers, mirrors and FAILED partitions, and the findings kmirror topology " +
    'makes across them; exits 1 when there is a problem (a mirror loop, split brain, an epoch war, a cluster ' +
    'that cannot serve mirroring), 3 when only some cluster could not be reached, 0 when there is only ' +
    'information.';
  static override examples = [
    '<%= config.bin %> check -b localhost:9092',
    '<%= config.bin %> check -b localhost:9092 --json',
    '<%= config.bin %> check m1 -b localhost:9092',
    '<%= config.bin %> check -b localhost:9092 --feature mirror.version=2',
    '<%= config.bin %> check -b a-kafka:9092 -b b-kafka:9092 -b c-kafka:9092',
  ];

  static override flags = checkFlags;

  static override args = {
    mirror: Args.string({ description: 'also report what this principal may do with this mirror', required: false }),
  };

  async run(): Promise<CheckJson> {
    const f = this.flags as unknown as CheckFlagValues & EstateFlagValues;
    if (namesSeveralClusters(f, this.bootstrapLists)) return this.checkEstate(f);
    const hints = { enableMirroring: ENABLE_MIRRORING_HINT };
    const featureChanges = featureChangesOf(f.feature);
    const result = await checkReport(await this.kafka(), {
      mirror: this.args.mirror,
      featureChanges,
      sourceCheck: await this.sourceCheck(f),
      // The cluster part is shown above the error; in JSON it is the document the error joins.
      clusterBeforeFailure: (cluster) => this.render(cluster, (c) => renderClusterCheck(c, hints)),
    });
    this.render(result, (r) => {
      const text = renderCheck(r, r.mirror ? missingPermissions(r.mirror) : [], hints);
      return r.featureChange ? `${text}\n\n${renderFeatureChange(r.featureChange)}` : text;
    });
    const exit = EXIT_OF[checkOutcome(result)];
    if (exit !== ExitCode.Ok) this.exitAfterOutput(exit);
    return result;
  }

  private async checkEstate(flags: EstateFlagValues): Promise<EstateCheck> {
    const result = await checkEstate(await this.estateTargets(estateProfiles(flags), flags['cluster-timeout']));
    this.render(result, renderEstateCheck, { warnings: result.warnings });
    const exit = EXIT_OF[estateOutcome(result)];
    if (exit !== ExitCode.Ok) this.exitAfterOutput(exit);
    return result;
  }
}
