import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../../lib/cli/base-command.js';
import {
  type ConfigSetResult,
  planConfigChanges,
  requireMirrorConfigApis,
  setMirrorConfigs,
} from '../../lib/mirror/config.js';
import { renderConfigSet } from '../../lib/render/config.js';
import { requireValidAtFinalizedLevels } from '../../lib/mirror/config-levels.js';
import { durationFlag } from '../../lib/cli/flags.js';
import { checkSourceAfterChange } from '../../lib/mirror/config-source-check.js';
import { configRestartWarning, topicsMirroringNow, waitUntilMirroringAgain } from '../../lib/mirror/config-restart.js';

/** The changes sent and the mirror's stored configs afterwards (unchanged with --validate-only). */
export type ConfigSetJson = ConfigSetResult;

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static override summary = "Change a mirror's configuration";
  static override description =
    'Changes settings of an existing MIRROR with IncrementalAlterConfigs (resource type 64): KEY=VALUE arguments set ' +
    'keys, --delete KEY returns a key to its default, --append / --subtract add or remove items of a LIST key (such as ' +
    'mirror.topics.include). Keys and values are checked against the mirror key table before anything is sent. ' +
    'The mirror must exist (the prototype broker would otherwise create config entries for a new name). ' +
    'A change of mirror.source.cluster.id, bootstrap.servers or a security key (security.protocol, sasl.*, ssl.*) on a ' +
    'mirror with topics is checked first: kmirror reaches the source with the settings as they would be and refuses ' +
    '(exit 2) a source it cannot reach, one that reports another cluster id, or the destination itself; --force applies ' +
    'the change without asking the source. ' +
    'Afterwards the stored configs are read back and shown; with --validate-only the broker only checks the changes.';
  static override examples = [
    '<%= config.bin %> config set eu-orders mirror.fetch.max.bytes=2097152 -b dest:9092',
    '<%= config.bin %> config set eu-orders --append mirror.topics.include=payments-.* -b dest:9092',
    '<%= config.bin %> config set eu-orders --delete mirror.groups.exclude --validate-only -b dest:9092',
  ];

  static override strict = false;

  static override args = {
    mirror: Args.string({ description: 'mirror name', required: true }),
    setting: Args.string({ description: 'KEY=VALUE settings to set', required: false }),
  };

  static override flags = {
    delete: Flags.string({ summary: 'return KEY to its default (repeatable)', helpValue: '<key>', multiple: true }),
    append: Flags.string({
      summary: 'add items to a LIST key, KEY=VALUE (repeatable)',
      helpValue: '<key=value>',
      multiple: true,
    }),
    subtract: Flags.string({
      summary: 'remove items from a LIST key, KEY=VALUE (repeatable)',
      helpValue: '<key=value>',
      multiple: true,
    }),
    'validate-only': Flags.boolean({ summary: 'let the broker check the changes without applying them' }),
    'allow-unknown-config': Flags.boolean({ summary: 'send keys kmirror does not know (a newer broker may)' }),
    force: Flags.boolean({
      summary: 'apply a change of the source settings without asking the source first',
    }),
    wait: durationFlag({
      description:
        'after the change, wait up to this long until the partitions that were MIRRORING are MIRRORING again (a config change restarts them; also bounded by --timeout)',
    }),
  };

  async run(): Promise<ConfigSetResult> {
    // Every positional argument after the mirror (a second parse would read a piped stdin password as one).
    const { changes, warnings } = planConfigChanges({
      set: this.argList.slice(1),
      delete: this.flags.delete ?? [],
      append: this.flags.append ?? [],
      subtract: this.flags.subtract ?? [],
      allowUnknown: this.flags['allow-unknown-config'] ?? false,
    });
    const warn = (message: string): void => this.warning(message);
    for (const warning of warnings) warn(warning);
    const client = await this.kafka();
    const info = await requireMirrorConfigApis(client, warn);
    // Before anything changes: the cluster's finalized feature levels decide which validators apply.
    requireValidAtFinalizedLevels(
      changes.filter((c) => c.operation === 'SET' || c.operation === 'APPEND').map((c) => [c.name, c.value]),
      info.finalizedFeatures,
    );
    const force = this.flags.force ?? false;
    await checkSourceAfterChange(client, this.args.mirror, changes, { openSource: this.openSource, warn, force });
    const validateOnly = this.flags['validate-only'] ?? false;
    const mirroring = validateOnly ? [] : await topicsMirroringNow(client, this.args.mirror);
    if (mirroring.length > 0) this.warning(configRestartWarning(this.args.mirror, mirroring));
    const result = await setMirrorConfigs(client, this.args.mirror, changes, { validateOnly, warn });
    this.render(result, renderConfigSet);
    if (this.flags.wait !== undefined && mirroring.length > 0) {
      const hint = `the change was applied; kmirror describe ${this.args.mirror} shows the partition states`;
      await waitUntilMirroringAgain(
        client,
        this.args.mirror,
        mirroring,
        this.deadline.waitWithin(this.flags.wait, hint),
      );
      this.note(`Every partition that was MIRRORING before the change is MIRRORING again.`);
    }
    return result;
  }
}
