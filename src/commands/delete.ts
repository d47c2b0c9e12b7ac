import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../lib/cli/base-command.js';
import type { ConnectionConfig } from '../lib/connection/connection-config.js';
import { KmirrorError, UsageError } from '../lib/cli/errors.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { durationFlag, yesFlag } from '../lib/cli/flags.js';
import {
  type DeletePlan,
  type DeleteResult,
  deleteBlocked,
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
  static override summary = 'Delete a cluster mirror whose topics are all STOPPED';
  static override description =
    "Shows the mirror's topics and their partition states first. The broker deletes a mirror only when every topic it " +
    'ever mirrored is STOPPED (it answers 143 or 145 otherwise, without naming the topic), so when a topic is still ' +
    'MIRRORING, PAUSED or on its way to STOPPED, kmirror refuses, lists those topics and prints the exact ' +
    '`kmirror remove-topics` command that stops them. On a terminal it asks you to type the mirror name; elsewhere pass ' +
    '--yes. Deleting needs two ACLs on the mirror: DELETE (checked by the broker) and ALTER (checked by the controller). ' +
    'Exit codes: 1 when refused because of topics that are not STOPPED (also with --dry-run) or when the typed name does ' +
    'not match; 2 when confirmation is needed and there is no terminal (pass --yes); 4 when mirroring is unsupported or ' +
    'disabled; 5 when not authorized; 6 when the mirror does not exist; 124 when --wait or --timeout runs out.';
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
        'after deleting, wait up to this long until the mirror no longer appears in the mirror list (also bounded by --timeout)',
    }),
    yes: yesFlag('delete without typing the mirror name (required when there is no terminal to ask on)'),
  };

  async run(): Promise<DeleteResult> {
    const mirror = this.args.mirror;
    if (mirror.trim() === '')
      throw new UsageError('the mirror name is empty', { hint: 'kmirror list shows the mirrors' });
    const client = await this.kafka();
    const settings = await this.connection();
    const principal = settings.sasl?.username === undefined ? undefined : `User:${settings.sasl.username}`;
    const plan = await planDelete(client, mirror, principal === undefined ? {} : { principal });
    const dryRun = this.flags['dry-run'] === true;
    const fix = plan.toStop.length > 0 ? removeTopicsCommand(mirror, plan.toStop, this.connectionArgs(settings)) : null;
    const looked = deleteResultOf(plan, { deleted: false, dryRun, removeTopicsCommand: fix });
    const text = this.outputFormat === 'table' || this.outputFormat === 'wide';
    if (text) this.stdout.write(`${renderDeleteTopics(looked)}\n`);
    const outcome = (r: DeleteResult): string => {
      const lines = renderDeleteOutcome(r);
      return lines === '' ? '' : `\n${lines}`;
    };

    if (deleteBlocked(plan)) {
      this.render(looked, outcome);
      throw this.refusal(plan, fix);
    }
    if (dryRun) {
      this.render(looked, outcome);
      return looked;
    }

    const missing = missingDeletePermissions(plan.authorizedOperations);
    if (missing && missing.length > 0) {
      this.warning(
        `the brokers report that this principal lacks ${missing.join(' and ')} on mirror '${mirror}'; deleting needs both DELETE and ALTER, so the broker will probably refuse`,
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

    await sendDelete(client, plan, principal === undefined ? {} : { principal });
    let confirmedGone: boolean | null = null;
    if (this.flags.wait !== undefined) {
      await this.waitForGone(mirror, this.flags.wait);
      confirmedGone = true;
    }
    const result = deleteResultOf(plan, { deleted: true, dryRun: false, removeTopicsCommand: null, confirmedGone });
    this.render(result, outcome);
    return result;
  }

  private refusal(plan: DeletePlan, fix: string | null): KmirrorError {
    const states = new Map(plan.topics.map((t) => [t.topic, t.state]));
    const named = [...plan.toStop, ...plan.settling].map((t) => `${t} (${states.get(t) ?? 'UNKNOWN'})`).join(', ');
    return new KmirrorError(`mirror '${plan.mirror}' has topics that are not STOPPED: ${named}`, ExitCode.Error, {
      hint: fix
        ? `stop them first, then delete again: ${fix}`
        : `they are already stopping: wait until kmirror describe ${plan.mirror} shows every partition STOPPED, then delete again`,
    });
  }

  private async waitForGone(mirror: string, waitMs: number): Promise<void> {
    const client = await this.kafka();
    await waitUntilGone(
      client,
      mirror,
      this.deadline.waitWithin(
        waitMs,
        `the broker accepted the delete; kmirror list shows whether ${mirror} is still there`,
      ),
    );
  }

  /** The connection flags to repeat in a suggested command (never a secret: those come from stdin or env). */
  private connectionArgs(settings: ConnectionConfig): string[] {
    const f = this.baseFlagValues;
    const args = ['-b', settings.bootstrap.join(',')];
    if (f?.['command-config'] !== undefined) args.push('--command-config', f['command-config']);
    if (f?.['sasl-mechanism'] !== undefined) args.push('--sasl-mechanism', f['sasl-mechanism']);
    if (f?.['sasl-username'] !== undefined) args.push('--sasl-username', f['sasl-username']);
    if (f?.['sasl-password-stdin']) args.push('--sasl-password-stdin');
    if (f?.['sasl-oauth-token-file'] !== undefined) args.push('--sasl-oauth-token-file', f['sasl-oauth-token-file']);
    if (f?.tls === true) args.push('--tls');
    if (f?.['tls-ca'] !== undefined) args.push('--tls-ca', f['tls-ca']);
    if (f?.['tls-cert'] !== undefined) args.push('--tls-cert', f['tls-cert']);
    if (f?.['tls-key'] !== undefined) args.push('--tls-key', f['tls-key']);
    if (f?.['tls-insecure']) args.push('--tls-insecure');
    return args;
  }
}
