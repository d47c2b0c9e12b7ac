import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { Spinner } from '../lib/cli/output/spinner.js';
import { listenForStop } from '../lib/cli/command/stop-signal.js';
import { promoteWiring } from '../lib/cli/command/switchover-evidence.js';
import { promoteCommandFlags } from '../lib/cli/flags/switchover-flags.js';
import { promoteInput } from '../lib/cli/flags/topic-input.js';
import { runPromote } from '../lib/mirror/switchover/promote.js';
import { planPromote } from '../lib/mirror/switchover/promote-plan.js';
import { type PromoteResult, promoteLossError, promotePlanResult } from '../lib/mirror/switchover/promote-report.js';
import { confirmPlan } from '../lib/prompt/confirm-plan.js';
import {
  promoteConfirmation,
  promoteProgressText,
  renderPromotePlan,
  renderPromoteResult,
} from '../lib/render/promote.js';
import { finishStopCommand } from '../lib/render/next-commands.js';

/**
 * Result of kmirror promote: per topic and partition the source and destination end offsets and the state
 * (before the stop with --dry-run, after it otherwise), how the stop was verified, per consumer group and partition the
 * committed offsets on both sides, what was stopped, and, when it ended early after the stop was sent, the command
 * that finishes the job.
 */
export type PromoteJson = PromoteResult;

export default class Promote extends BaseCommand<typeof Promote> {
  static changesState = true;

  static override summary = 'Planned switchover: stop mirroring topics once nothing is left to copy';
  static override description =
    'Unlike remove-topics (a failover, whatever the lag), promote makes sure nothing is lost: it checks that the ' +
    'source answers and every partition is MIRRORING; waits until the source end offsets stand still (producers ' +
    'stopped; --no-wait-for-quiet refuses instead, --force skips the check); reads the source end offsets with ' +
    "ListOffsets and waits until every destination partition reached them (the broker's reported lag is not " +
    'used: it reads 0 between fetches); waits until the consumer groups the mirror copies ' +
    "(mirror.groups.include/exclude, narrowed by --group or --group-pattern) have the source's committed offsets " +
    'on the destination, which copies them once per sync period (mirror.metadata.refresh.interval.ms, 60 s by ' +
    'default; a group active on the destination is waited for, refused with --no-wait-for-quiet, left out with ' +
    '--force; --skip-groups skips the step); then stops the topics and verifies that each destination end offset ' +
    'is at least the source end + 1 (the PID-reset marker; more is control records). --timeout bounds the whole ' +
    'command: run out before the stop and nothing changed; after the stop was sent it reports which topics were ' +
    'stopped and prints the command that finishes the job. Exit codes: 1 refused before anything changed, 6 ' +
    'mirror, topic or --group not found, 124 timed out.';
  static override examples = [
    '<%= config.bin %> promote m1 -b dest:9092 --topic orders --dry-run',
    '<%= config.bin %> promote m1 -b dest:9092 --pattern "orders-.*" --yes --timeout 5m',
    '<%= config.bin %> promote m1 -b dest:9092 --topic orders --force --yes',
    "<%= config.bin %> promote m1 -b dest:9092 --topic orders --group-pattern 'billing-.*' --yes",
  ];

  static override args = { mirror: Args.string({ description: 'name of the mirror', required: true }) };

  static override flags = promoteCommandFlags;

  async run(): Promise<PromoteResult> {
    const f = this.flags;
    const input = { ...promoteInput(this.args.mirror, f, (m) => this.warning(m)), ...(await this.sourceProfileOf(f)) };
    const options = { force: f.force, waitForQuiet: f['wait-for-quiet'] };
    const client = await this.kafka();
    const spinner = new Spinner(this.stderr, process.stderr.isTTY === true && this.canPrompt());
    const stop = listenForStop();
    const { deps, clock, afterStop } = promoteWiring({
      ...this.commandHooks(),
      ...{ stopped: stop.stopped, spinner, progressText: promoteProgressText, client, version: this.config.version },
      ...{ sourceCheck: await this.sourceCheck(f), verify: f.verify, receipt: f.receipt },
    });
    try {
      const plan = await planPromote(client, input, deps);
      clock.mark('planned');
      if (f['dry-run']) {
        const result = promotePlanResult(plan, input);
        this.render(result, (r) => renderPromotePlan(r, options));
        return result;
      }
      spinner.stop();
      const asked = await this.confirmSettingsOn(f.yes);
      await confirmPlan(promoteConfirmation(promotePlanResult(plan, input), options), asked);
      const { result, error } = await runPromote(client, plan, input, deps).catch((err: unknown) => {
        spinner.stop();
        if (this.textOutput()) this.note('Nothing was stopped: every selected topic is still mirroring.');
        throw err;
      });
      spinner.stop();
      await afterStop(plan, result, (await this.connection()).bootstrap);
      if (result.stopSent && !result.complete)
        result.finishCommand = finishStopCommand(result, this.connectionArgs(await this.connection()));
      this.render(result, (r) => renderPromoteResult(r));
      if (error !== undefined) throw error;
      const loss = promoteLossError(result);
      if (loss) throw loss;
      return result;
    } finally {
      spinner.stop();
      stop.dispose();
    }
  }
}
