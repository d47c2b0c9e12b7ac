import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/base-command.js';
import { KmirrorError, UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { durationFlag, yesFlag } from '../lib/cli/flags.js';
import {
  type DeleteResult,
  deleteBlocked,
  deleteRefusal,
  missingDeletePermissions,
  planDelete,
  deleteResultOf,
  sendDelete,
  waitUntilGone,
} from '../lib/mirror/delete.js';
import { confirmByName } from '../lib/prompt/confirm-by-name.js';
import { removeTopicsCommand, renderDeleteOutcome, renderDeleteTopics } from '../lib/render/delete.js';

/** The mirror deleted (or, with --dry-run, that would be), or why the broker refused. */
export type DeleteJson = DeleteResult;

export default class Delete extends BaseCommand<typeof Delete> {
  /** Ctrl-C / SIGTERM: read back an unanswered change, report, exit 130 / 143 (cli/change-interrupt-watch.ts). */
  static changesState = true;

  static override summary = 'Delete a cluster mirror whose topics are all STOPPED';
  static override description =
    "Shows the mirror's topics and their partition states first. The broker deletes a mirror only when every " +
    'topic it ever mirrored is STOPPED (it answers 143 or 145 otherwise, without naming the topic), so when a ' +
    'topic is still MIRRORING, PAUSED or on its way to STOPPED, kmirror refuses, lists those topics and prints ' +
    'the exact `kmirror remove-topics` command that stops them. On a terminal it asks you to type the mirror ' +
    'name; elsewhere pass --yes. Deleting needs two ACLs on the mirror: DELETE (checked by the broker) and ALTER ' +
    '(checked by the controller). Exit codes: 1 when refused because of topics that are not STOPPED (also with ' +
    '--dry-run) or when the typed name does not match; 2 when confirmation is needed and there is no terminal ' +
    '(pass --yes); 4 when mirroring is unsupported or disabled; 5 when not authorized; 6 when the mirror does ' +
    'not exist; 124 when --wait or --timeout runs out.';
  static override examples = [
    '<%= config.bin %> delete m1 -b localhost:9092',
    '<%= config.bin %> delete m1 -b localhost:9092 --dry-run',
    '<%= config.bin %> delete m1 -b localhost:9092 --yes --wait 30s',
    '<%= config.bin %> delete m1 -b localhost:9092 --yes --json',
  ];

  static override args = {
    mirror: Args.string({ description: 'name of the mirror to delete', required: true }),
  };

  static override flags = {
    'dry-run': Flags.boolean({ summary: 'show the topics and whether the mirror can be deleted; send nothing' }),
    wait: durationFlag({
      description:
        'after deleting, wait up to this long until the mirror no longer appears in the mirror list (also ' +
        'bounded by --timeout)',
    }),
    yes: yesFlag('delete without typing the mirror name (required when there is no terminal to ask on)'),
  };

  async run(): Promise<DeleteResult> {
    const mirror = this.args.mirror;
    if (mirror.trim() === '')
      throw new UsageError('the mirror name is empty', { hint: 'kmirror list shows the mirrors' });
    const client = await this.kafka();
    const settings = await this.connection();
    const who = settings.sasl?.username === undefined ? {} : { principal: `User:${settings.sasl.username}` };
    const plan = await planDelete(client, mirror, who);
    const dryRun = this.flags['dry-run'] === true;
    const fix = plan.toStop.length > 0 ? removeTopicsCommand(mirror, plan.toStop, this.connectionArgs(settings)) : null;
    const looked = deleteResultOf(plan, { deleted: false, dryRun, removeTopicsCommand: fix });
    if (this.textOutput()) this.stdout.write(`${renderDeleteTopics(looked)}\n`);
    const outcome = (r: DeleteResult): string => {
      const lines = renderDeleteOutcome(r);
      return lines === '' ? '' : `\n${lines}`;
    };

    if (deleteBlocked(plan)) {
      this.render(looked, outcome);
      throw deleteRefusal(plan, fix);
    }
    if (dryRun) {
      this.render(looked, outcome);
      return looked;
    }

    const missing = missingDeletePermissions(plan.authorizedOperations);
    if (missing && missing.length > 0) {
      this.warning(
        `the brokers report that this principal lacks ${missing.join(' and ')} on mirror '${mirror}'; ` +
          `deleting needs both DELETE and ALTER, so the broker will probably refuse`,
      );
    }
    const confirmed = await confirmByName(`Type the mirror name (${mirror}) to delete it:`, {
      name: mirror,
      canPrompt: this.canPrompt(this.flags.yes),
      yes: this.flags.yes,
      action: `delete mirror '${mirror}'`,
    });
    if (!confirmed) {
      throw new KmirrorError(`the name typed does not match '${mirror}'; nothing was deleted`, ExitCode.Error, {
        hint: 'type the mirror name exactly (names are case-sensitive), or pass --yes',
      });
    }

    await sendDelete(client, plan, { ...who, warn: (m) => this.warning(m) });
    let confirmedGone: boolean | null = null;
    if (this.flags.wait !== undefined) {
      const hint = `the broker accepted the delete; kmirror list shows whether ${mirror} is still there`;
      await waitUntilGone(client, mirror, this.deadline.waitWithin(this.flags.wait, hint));
      confirmedGone = true;
    }
    const result = deleteResultOf(plan, { deleted: true, dryRun: false, removeTopicsCommand: null, confirmedGone });
    this.render(result, outcome);
    return result;
  }
}
