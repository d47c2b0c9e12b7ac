import * as Args from '@oclif/core/args';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { configSetFlags } from '../../lib/cli/flags/config-set-flags.js';
import { refuseSecretArgs } from '../../lib/cli/flags/setting-args.js';
import { type ConfigSetResult, planConfigChanges, setMirrorConfigs } from '../../lib/mirror/config/config.js';
import { configRestartWarning, waitUntilMirroringAgain } from '../../lib/mirror/topics/config-restart.js';
import { preflightConfigChanges } from '../../lib/mirror/topics/config-preflight.js';
import { confirmPlan } from '../../lib/prompt/confirm-plan.js';
import { requireKnownKeys } from '../../lib/mirror/config/config-validation.js';
import { renderConfigSet, topicFilterConfirmation } from '../../lib/render/config.js';
import { configChangeLoopCheck } from '../../lib/mirror/config/config-loop-check.js';
import { guardLoops } from '../../lib/mirror/describe/loop-check.js';
import { SOURCE_CHECK_BUDGET_MS } from '../../lib/mirror/core/source-check.js';

/** The changes sent and the mirror's stored configs afterwards (unchanged with --dry-run). */
export type ConfigSetJson = ConfigSetResult;

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static changesState = true;

  static override summary = "Change a mirror's configuration";
  static override description =
    'Changes settings of an existing MIRROR with IncrementalAlterConfigs (resource type 64): KEY=VALUE arguments ' +
    'set keys, --delete KEY returns a key to its default, --append / --subtract add or remove items of a LIST ' +
    'key (such as mirror.topics.include). Keys and values are checked against the mirror key table before ' +
    'anything is sent. The mirror must exist (the prototype broker would otherwise create config entries for a ' +
    'new name). A change of mirror.source.cluster.id, bootstrap.servers or a security key (security.protocol, ' +
    'sasl.*, ssl.*) on a mirror with topics is checked first: kmirror reaches the source with the settings as ' +
    'they would be and refuses (exit 2) a source it cannot reach, one that reports another cluster id, or the ' +
    'destination itself; --force applies the change without asking the source. A change that makes the broker ' +
    'start or stop topics by itself (a longer mirror.topics.include, any change of mirror.topics.exclude) asks ' +
    'for confirmation on a terminal; elsewhere pass --yes. Afterwards the stored configs are read back and ' +
    'shown; with --dry-run (or its old name --validate-only) the broker only checks the changes.';
  static override examples = [
    '<%= config.bin %> config set eu-orders mirror.fetch.max.bytes=2097152 -b dest:9092',
    '<%= config.bin %> config set eu-orders --append mirror.topics.include=payments-.* -b dest:9092 --yes',
    '<%= config.bin %> config set eu-orders --delete mirror.groups.exclude --dry-run -b dest:9092',
    '<%= config.bin %> config set eu-orders --config-file source-credentials.properties -b dest:9092',
  ];

  static override strict = false;

  static override args = {
    mirror: Args.string({ description: 'mirror name', required: true }),
    setting: Args.string({ description: 'KEY=VALUE settings to set', required: false }),
  };

  static override flags = configSetFlags;

  async run(): Promise<ConfigSetResult> {
    // BaseCommand parsed with ignoreStdin: a second parse here would read a piped stdin as a KEY=VALUE.
    const given = this.argList.slice(1);
    const allowUnknown = this.flags['allow-unknown-config'] ?? false;
    requireKnownKeys(given, { allowUnknown, origin: 'config set' });
    refuseSecretArgs(given, 'config set', this.flags['allow-secret-arg']);
    const fromFile = await this.configFileSettings(this.flags['config-file']);
    const { changes, warnings } = planConfigChanges({
      set: [...fromFile, ...given],
      delete: this.flags.delete ?? [],
      append: this.flags.append ?? [],
      subtract: this.flags.subtract ?? [],
      allowUnknown,
    });
    const warn = (message: string): void => this.warning(message);
    for (const warning of warnings) warn(warning);
    const client = await this.kafka();
    const validateOnly = this.flags['dry-run'] ?? false;
    const force = this.flags.force ?? false;
    const { mirroring, filters } = await preflightConfigChanges(client, this.args.mirror, changes, {
      openSource: this.openSource,
      warn,
      force,
      validateOnly,
    });
    if (mirroring.length > 0) this.warning(configRestartWarning(this.args.mirror, mirroring));
    // The loop check is bounded like every other source check: an unreachable source costs 2 s, not the run.
    const within = this.openSourceWithin(SOURCE_CHECK_BUDGET_MS);
    const loops = await configChangeLoopCheck(client, this.args.mirror, changes, within);
    const loopCheck = loops && (await guardLoops(this.args.mirror, loops, this.flags['allow-mirror-loop'], warn));
    if (filters.length > 0)
      await confirmPlan(topicFilterConfirmation(this.args.mirror, filters), this.confirmSettings(this.flags.yes));
    const result = {
      ...(await setMirrorConfigs(client, this.args.mirror, changes, { validateOnly, warn })),
      loopCheck,
    };
    this.render(result, renderConfigSet);
    if (this.flags.wait !== undefined && mirroring.length > 0) {
      const hint = `the change was applied; kmirror describe ${this.args.mirror} shows the partition states`;
      const sleep = this.deadline.waitWithin(this.flags.wait, hint);
      await waitUntilMirroringAgain(client, this.args.mirror, mirroring, sleep);
      this.note(`Every partition that was MIRRORING before the change is MIRRORING again.`);
    }
    return result;
  }
}
