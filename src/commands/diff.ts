import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { sourceConfigFlag, sourceProfileFlag } from '../lib/cli/flags/flags.js';
import { type DiffResult, diffOutcomeError, diffReport, withDriftCheck } from '../lib/mirror/diff/diff-report.js';
import { parseTopicNames } from '../lib/mirror/topics/topic-selection.js';
import { renderDiff } from '../lib/render/diff.js';

/** Per mirrored topic: partition counts on both sides and the topic configs that differ, each with its verdict. */
export type DiffJson = DiffResult;

export default class Diff extends BaseCommand<typeof Diff> {
  static override summary = "Show where a mirror's topics differ between the source and the destination";
  static override description =
    "Compares each mirrored topic's partition count and topic configs on the SOURCE cluster (reached with the " +
    'settings the mirror stores, --source-config or --source-profile) with the destination. The destination ' +
    'copies topic overrides from the source every mirror.metadata.refresh.interval.ms (a broker config of the ' +
    'destination, 60 s by default), except the keys of mirror.topic.properties.exclude (a stored list replaces ' +
    'the default one, it is not merged). Each difference is expected (an excluded key), pending (the source sets ' +
    'it: the next sync copies it, and puts back a change made on the destination), or never heals (deleted on ' +
    'the source: deletions are never copied; or broker defaults that differ). Topics without differences are ' +
    'left out unless --all. Exit codes: 7 with --fail-on drift when a topic differs in more than excluded keys; ' +
    '6 when the mirror is not found.';
  static override examples = [
    '<%= config.bin %> diff m1 -b dest:9092',
    '<%= config.bin %> diff m1 -b dest:9092 --topic orders --all',
    '<%= config.bin %> diff m1 -b dest:9092 --fail-on drift --json',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror', required: true }),
  };

  static override flags = {
    topic: Flags.string({
      char: 't',
      summary: 'only this topic of the mirror (repeatable, or a comma-separated list)',
      multiple: true,
      helpValue: '<name>',
    }),
    all: Flags.boolean({ summary: 'list topics without differences too' }),
    'fail-on': Flags.string({
      summary: 'exit 7 when the condition holds: drift (partition counts, or configs other than excluded keys, differ)',
      options: ['drift'],
      helpValue: '<condition>',
    }),
    'source-config': sourceConfigFlag(
      "properties file for reaching the source cluster from this machine; overrides the mirror's stored settings",
    ),
    ...sourceProfileFlag,
  };

  async run(): Promise<DiffResult> {
    const f = this.flags;
    const warn = (message: string): void => this.warning(message);
    const topics = parseTopicNames(f.topic ?? []);
    const source = await this.sourceAccess(f);
    const client = await this.kafka();
    const report = await diffReport(
      client,
      { mirror: this.args.mirror, topics, all: f.all, ...source },
      { openSource: this.openSource, warn },
    );
    const result = f['fail-on'] === undefined ? report : withDriftCheck(report);
    this.render(result, renderDiff);
    if (this.textOutput()) for (const warning of result.warnings) this.warning(warning);
    const error = diffOutcomeError(result);
    if (error) throw error;
    return result;
  }
}
