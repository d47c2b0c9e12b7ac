import * as Args from '@oclif/core/args';
import { addTopicsFlags } from '../lib/cli/flags/add-topics-flags.js';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { addTopicsInput } from '../lib/cli/flags/topic-input.js';
import {
  type AddTopicsResult,
  planAddTopics,
  addTopicsResultOf,
  confirmationReason,
  sendAddTopics,
  unmetNamedTopics,
  waitUntilAddedCaughtUp,
} from '../lib/mirror/topics/add-topics.js';
import { confirmPlan } from '../lib/prompt/confirm-plan.js';
import { addTopicsConfirmation, renderAddTopics } from '../lib/render/add-topics.js';
import { caughtUpNote, notCaughtUpError } from '../lib/mirror/topics/caught-up.js';
import { guardLoops } from '../lib/mirror/describe/loop-check.js';

/**
 * Result of starting mirror topics. `added` lists what was started (or, with dryRun, what would be);
 * `skipped` what was left out before sending and why; `failed` the topics the broker refused.
 */
export type AddTopicsJson = AddTopicsResult;

export default class AddTopics extends BaseCommand<typeof AddTopics> {
  static changesState = true;

  static override summary = 'Start mirroring source topics, by name or by pattern';
  static override description =
    'Resolves the topics on the SOURCE cluster (reached with the settings the mirror stores, or --source-config) ' +
    "and sends StartMirrorTopics with each topic's source id and partition count. Patterns are full-match " +
    'regular expressions (^(p1|p2)$, as the broker applies them) and are saved in the mirror ' +
    '(mirror.topics.include / mirror.topics.exclude), so source topics created later that match are started ' +
    'automatically. Topics already in this mirror or in another mirror are reported and left out, because the ' +
    'broker would refuse the whole request for them. Before sending it asks the source whether it mirrors a ' +
    "selected topic from this cluster (a mirror loop: the broker accepts it and makes this cluster's topic " +
    "read-only) and refuses with exit 2 unless --allow-mirror-loop; and it reads both sides' end offsets of " +
    'selected topics that already exist here, since the start truncates them to 0 (a topic outside any ' +
    'mirror and one failed over in this mirror alike) and copies the source again: what was written here beyond ' +
    "the source's end is lost. That (when it loses records), a loop allowed with --allow-mirror-loop, and " +
    'topics that only a pattern selected, need confirmation: on a ' +
    'terminal it asks, elsewhere pass --yes. Exit codes: 3 when some topics failed, 6 when the mirror (or every ' +
    'named topic) does not exist, 124 when --wait or --timeout runs out.';
  static override examples = [
    '<%= config.bin %> add-topics m1 -b localhost:9092 --topic orders,payments',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --pattern "orders-.*" --exclude "orders-internal" --yes',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --pattern "orders-.*" --dry-run',
    '<%= config.bin %> add-topics m1 -b localhost:9092 --topics-file topics.txt --wait 2m',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror', required: true }),
  };

  static override flags = addTopicsFlags;

  async run(): Promise<AddTopicsResult> {
    const f = this.flags;
    const warn = (m: string): void => this.warning(m);
    // The --source-config file and --source-profile are read by sourceAccess, once.
    const flags = { ...f, topics: f.topic, topicsFile: f['topics-file'], include: f.pattern };
    const input = { ...addTopicsInput(this.args.mirror, flags, warn), ...(await this.sourceAccess(f)) };
    const client = await this.kafka();
    const planned = await planAddTopics(client, input, { openSource: this.openSource, warn });
    const loopCheck = await guardLoops(planned.mirror, planned.loopCheck, f['allow-mirror-loop'], warn);
    const plan = { ...planned, loopCheck };

    if (f['dry-run']) {
      const result = addTopicsResultOf(plan, true);
      this.render(result, (r) => renderAddTopics(plan, r));
      return result;
    }

    const reason = confirmationReason(plan);
    const { previewShown } = reason
      ? await confirmPlan(addTopicsConfirmation(plan, reason), this.confirmSettings(f.yes))
      : { previewShown: false };
    const outcome = await sendAddTopics(client, plan, (m) => this.warning(m));
    this.render(outcome.result, (r) => renderAddTopics(plan, r, { previewShown, failures: outcome.failures }));
    if (outcome.error) throw outcome.error;
    const unmet = unmetNamedTopics(outcome.result, plan);
    if (unmet) throw unmet;

    if (f.wait !== undefined && outcome.result.added.length > 0) {
      const hint =
        `the topics were started; kmirror describe ${plan.mirror} shows their partition states (a ` +
        `longer --wait or --timeout waits longer)`;
      const caughtUp = await waitUntilAddedCaughtUp(client, plan, outcome.result.added, {
        openSource: this.openSource,
        sleep: this.deadline.waitWithin(f.wait, hint),
      });
      const stuck = notCaughtUpError(plan.mirror, caughtUp);
      if (stuck) throw stuck;
      this.note(caughtUpNote(caughtUp));
    }
    return outcome.result;
  }
}
