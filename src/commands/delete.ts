import * as Args from '@oclif/core/args';
import { deleteFlags } from '../lib/cli/flags/delete-flags.js';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { UsageError } from '../lib/cli/failures/errors.js';
import {
  type DeleteResult,
  deleteBlocked,
  deleteRefusal,
  deletePermissionWarning,
  planDelete,
  deleteResultOf,
  sendDelete,
  waitUntilGone,
} from '../lib/mirror/lifecycle/delete.js';
import { confirmByName, nameMismatch } from '../lib/prompt/confirm-by-name.js';
import { deleteQuestion, renderDeleteOutcome, renderDeleteTopics } from '../lib/render/delete.js';
import { removeTopicsCommand } from '../lib/render/next-commands.js';
import { readOnlyAction } from '../lib/mirror/lifecycle/delete-read-only.js';

/** The mirror deleted (or, with --dry-run, that would be), or why the broker refused. */
export type DeleteJson = DeleteResult;

export default class Delete extends BaseCommand<typeof Delete> {
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

  static override flags = deleteFlags;

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

    const permissionWarning = deletePermissionWarning(plan, mirror);
    if (permissionWarning) this.warning(permissionWarning);
    const readOnly = plan.readOnlyAfterDelete;
    const confirmed = await confirmByName(`On ${await this.clusterLabel()}: ${deleteQuestion(mirror, readOnly)}`, {
      name: mirror,
      canPrompt: this.canPrompt(this.flags.yes),
      yes: this.flags.yes,
      action: readOnlyAction(mirror, readOnly),
    });
    if (!confirmed) throw nameMismatch(mirror);

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
