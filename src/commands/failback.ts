import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { askSecret } from '../lib/cli/reach/secret-prompt.js';
import { markedWithFlag } from '../lib/cli/failures/cluster-flag.js';
import { Spinner } from '../lib/cli/output/spinner.js';
import { peerConnection } from '../lib/cli/reach/peer-connection.js';
import { checkReceiptPath, writeFailbackReceipt } from '../lib/cli/command/switchover-evidence.js';
import { failbackFlags, failbackOptions } from '../lib/cli/flags/switchover-flags.js';
import { topicActionInput } from '../lib/cli/flags/topic-input.js';
import { type FailbackResult, planFailback, runFailback } from '../lib/mirror/switchover/failback.js';
import { confirmPlan } from '../lib/prompt/confirm-plan.js';
import { cleanupEffect } from '../lib/mirror/lifecycle/delete-read-only.js';
import {
  cleanupCommands,
  failbackConfirmation,
  failbackProgressText,
  renderFailbackPlan,
  renderFailbackResult,
} from '../lib/render/failback.js';

/**
 * Result of kmirror failback: per topic and partition A's end offset before, where A's and B's logs part, the records
 * A loses to truncation, the states A passed through and its end offset after; the mirror on A; the cleanup commands.
 */
export type FailbackJson = FailbackResult;

export default class Failback extends BaseCommand<typeof Failback> {
  static changesState = true;

  static override summary = 'Fail back: make the old source follow this cluster again after a failover';
  static override description =
    'MIRROR is the mirror on this cluster (B, -b) whose topics were failed over (STOPPED); --to is the old ' +
    'source A. Failback refuses unless every selected topic is STOPPED on B (starting it on A while B still ' +
    'mirrors it from A is a mirror loop: A’s partitions go FAILED, its topic read-only). It reads A’s end ' +
    'offsets and, on B, where the two logs part (the last epoch B mirrored from A, then OffsetForLeaderEpoch), ' +
    'so it can say before anything starts how many records A will lose to truncation (written there after the ' +
    'failover) and ask with that count. It then creates (or reuses) a mirror on A reading from B, starts the ' +
    'topics and follows A’s partitions through the states the prototype passes: LOG_TRUNCATION, MIRRORING, ' +
    'FAILED ("Failed to get source metadata", retry 1) and MIRRORING again, the cut made by A’s fetcher after ' +
    'that (EPOCH_FENCING only when a batch from B carries a newer leader epoch than A’s). It ' +
    'ends with the cleanup to run: until the old mirror on B is deleted, both clusters raise the topics’ leader ' +
    'epochs at every sync. The security settings A’s brokers get for B (--source-config, else this command’s ' +
    'own) are stored in the mirror, never printed.';
  static override examples = [
    '<%= config.bin %> failback m1 -b dest:9092 --to src:9092 --topic orders --dry-run',
    '<%= config.bin %> failback m1 --profile dest --to src-profile --pattern ".*" --yes',
  ];

  static override args = {
    mirror: Args.string({ description: 'the mirror on B whose topics failed over', required: true }),
  };
  static override flags = failbackFlags;

  async run(): Promise<FailbackResult> {
    const f = this.flags;
    const selection = topicActionInput(this.args.mirror, f);
    checkReceiptPath(f.receipt);
    const startedAt = Date.now();
    const bSettings = await this.connection();
    const peer = await peerConnection(f.to, f['to-config'], {
      env: process.env,
      ask: (question) => this.deadline.race(askSecret(question, this.canPrompt()), 'reading the password'),
      warn: (m) => this.warning(`--to: ${m}`),
    });
    const b = await this.kafka();
    // A failure from A names --to in its hint, not -b.
    const a = markedWithFlag(await this.openSource(peer.settings), '--to');
    const spinner = new Spinner(this.stderr, process.stderr.isTTY === true && this.canPrompt());
    const deps = {
      warn: (m: string) => this.warning(m),
      sleep: (ms: number, what: string) => this.deadline.sleep(ms, what),
      onProgress: (p: Parameters<typeof failbackProgressText>[0]) => spinner.update(failbackProgressText(p)),
      bConnection: bSettings,
    };
    try {
      const input = { ...selection, ...failbackOptions(f) };
      const plan = await planFailback(b, a, input, deps);
      if (f['dry-run']) {
        this.render(plan.result, renderFailbackPlan);
        return plan.result;
      }
      await confirmPlan(failbackConfirmation(plan.result), await this.confirmSettingsOn(f.yes));
      const { result, error } = await runFailback(a, b, plan, deps);
      spinner.stop();
      result.cleanup = cleanupCommands(result, this.connectionArgs(bSettings));
      result.cleanupEffect = cleanupEffect(result);
      const aSide = { client: a, bootstrap: peer.settings.bootstrap };
      const context = { hooks: this.commandHooks(), version: this.config.version, startedAt };
      await writeFailbackReceipt(f.receipt, aSide, bSettings, result, context);
      this.render(result, renderFailbackResult);
      if (error !== undefined) throw error;
      return result;
    } finally {
      spinner.stop();
      await a.close().catch(() => undefined);
    }
  }
}
