import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { getMirrorConfigs, type MirrorConfigs, requireMirrorConfigApis } from '../../lib/mirror/config/config.js';
import { renderMirrorConfigs } from '../../lib/render/config.js';

/**
 * A mirror's configs: stored keys (source 'mirror') and, with --all or when asked by name, defaults
 * (source 'default').
 */
export type ConfigGetJson = MirrorConfigs;

export default class ConfigGet extends BaseCommand<typeof ConfigGet> {
  static override summary = "Show a mirror's configuration";
  static override description =
    'Reads the settings stored for MIRROR (DescribeConfigs on resource type 64) and prints KEY, VALUE and SOURCE ' +
    '("mirror" = stored for this mirror). Give KEY arguments to show only those keys (a known key that is not stored ' +
    'shows its default); --all adds every mirror key that is not stored, with its default (SOURCE "default"). ' +
    'Secrets (sasl.jaas.config, passwords, keys and certificates) are masked even though the broker returns them in ' +
    'clear; --show-secrets reveals them. Exits 6 when the mirror does not exist.';
  static override examples = [
    '<%= config.bin %> config get eu-orders -b dest:9092',
    '<%= config.bin %> config get eu-orders mirror.topics.include mirror.topics.exclude -b dest:9092',
    '<%= config.bin %> config get eu-orders --all -b dest:9092 --json',
  ];

  static override strict = false;

  static override args = {
    mirror: Args.string({ description: 'mirror name', required: true }),
    key: Args.string({ description: 'config keys to show (default: every stored key)', required: false }),
  };

  static override flags = {
    all: Flags.boolean({ summary: 'also show every key that is not stored, with its default' }),
    'show-secrets': Flags.boolean({ summary: 'print secret values (passwords, sasl.jaas.config, keys) in clear' }),
  };

  async run(): Promise<MirrorConfigs> {
    // oclif gives the declared args only; the variadic KEY list is every positional argument after the mirror.
    const keys = this.argList.slice(1);
    const client = await this.kafka();
    await requireMirrorConfigApis(client, (message) => this.warning(message));
    const result = await getMirrorConfigs(client, this.args.mirror, {
      all: this.flags.all ?? false,
      keys,
      showSecrets: this.flags['show-secrets'] ?? false,
    });
    this.render(result, renderMirrorConfigs, { showSecrets: this.flags['show-secrets'] ?? false });
    return result;
  }
}
