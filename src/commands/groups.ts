import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { sourceConfigFlag, sourceProfileFlag } from '../lib/cli/flags/flags.js';
import { groupFilterInput } from '../lib/cli/flags/group-input.js';
import { type GroupsResult, groupsOutcomeError, groupsReport, withFailOn } from '../lib/mirror/groups/groups-report.js';
import { renderGroups } from '../lib/render/groups.js';

/**
 * Per consumer group of the source that the mirror's filters select, and per mirrored partition, the
 * committed offset on the source and on the destination, with a verdict per group.
 */
export type GroupsJson = GroupsResult;

export default class Groups extends BaseCommand<typeof Groups> {
  static override summary = "Compare a mirror's consumer-group offsets on the source and the destination";
  static override description =
    'Lists the consumer groups of the SOURCE cluster (reached with the settings the mirror stores, ' +
    '--source-config or --source-profile), marks those the mirror copies (mirror.groups.include minus ' +
    "mirror.groups.exclude), and compares each group's committed offsets on the mirror's topics with the " +
    "destination's, partition by partition. The destination copies them itself, every " +
    'mirror.metadata.refresh.interval.ms (a broker config of the destination, 60 s by default), exactly: a ' +
    'source group that moved back is copied back. Verdicts: in sync; differs (the destination behind, or the ' +
    'source moved back since the last copy); not yet copied; active on destination (a consumer of the group runs ' +
    'there, so the copy is skipped until it leaves); excluded; no offsets on mirrored topics. No RPC reports ' +
    'this: only comparing OffsetFetch on both sides shows it. Exit codes: 7 with --fail-on out-of-sync when a ' +
    'selected group is not in sync; 6 when the mirror or a --group is not found.';
  static override examples = [
    '<%= config.bin %> groups m1 -b dest:9092',
    '<%= config.bin %> groups m1 -b dest:9092 --group billing --fail-on out-of-sync',
    "<%= config.bin %> groups m1 -b dest:9092 --group-pattern 'billing-.*' --source-config source.properties --json",
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror', required: true }),
  };

  static override flags = {
    group: Flags.string({ char: 'g', summary: 'only this group id (repeatable)', multiple: true, helpValue: '<id>' }),
    'group-pattern': Flags.string({
      summary: 'only groups whose id fully matches this regular expression (repeatable)',
      multiple: true,
      helpValue: '<regex>',
    }),
    'fail-on': Flags.string({
      summary:
        'exit 7 when the condition holds: out-of-sync (a selected group differs, is not yet copied, or is ' +
        'active on the destination)',
      options: ['out-of-sync'],
      helpValue: '<condition>',
    }),
    'source-config': sourceConfigFlag(
      "properties file for reaching the source cluster from this machine; overrides the mirror's stored settings",
    ),
    ...sourceProfileFlag,
  };

  async run(): Promise<GroupsResult> {
    const f = this.flags;
    const warn = (message: string): void => this.warning(message);
    const filters = groupFilterInput(f);
    const source = await this.sourceAccess(f);
    const client = await this.kafka();
    const report = await groupsReport(
      client,
      { mirror: this.args.mirror, ...filters, ...source },
      { openSource: this.openSource, warn },
    );
    const result = f['fail-on'] === undefined ? report : withFailOn(report);
    this.render(result, renderGroups);
    if (this.textOutput()) for (const warning of result.warnings) this.warning(warning);
    const error = groupsOutcomeError(result);
    if (error) throw error;
    return result;
  }
}
