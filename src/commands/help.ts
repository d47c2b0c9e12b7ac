import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { UsageError } from '../lib/cli/failures/errors.js';
import KmirrorHelp, { VERBOSE_FLAG } from '../lib/cli/startup/help.js';

/** The help text `kmirror help [COMMAND]` prints, for scripts and editors. */
export interface HelpJson {
  /** The command or topic asked about (`config get`), or null for kmirror's own help. */
  subject: string | null;
  text: string;
}

class GatheredHelp extends KmirrorHelp {
  readonly lines: string[] = [];

  protected override log(...lines: string[]): void {
    this.lines.push(...lines);
  }
}

// Our own, instead of @oclif/plugin-help's: loading a plugin package cost a fifth of every run's start-up.
export default class Help extends BaseCommand<typeof Help> {
  static override summary = 'Display help for kmirror.';
  static override description =
    'The same text as --help after the command. Without a command: every topic and command, with the exit codes.';
  static override examples = [
    '<%= config.bin %> help',
    '<%= config.bin %> help describe',
    '<%= config.bin %> help connection',
    '<%= config.bin %> help config get',
    '<%= config.bin %> help --nested-commands',
  ];
  static override appliesProfile = false;
  static override strict = false;
  static override args = {
    command: Args.string({ description: 'the command or topic to show help for', required: false }),
  };
  static override flags = {
    'nested-commands': Flags.boolean({ char: 'n', description: 'include every nested command in the output' }),
    verbose: Flags.boolean({ description: "a command's whole help: descriptions, every shared flag, exit codes" }),
  };

  async run(): Promise<HelpJson> {
    const help = new GatheredHelp(this.config, { all: this.flags['nested-commands'] });
    const words = this.argList;
    try {
      await help.showHelp(this.flags.verbose ? [...words, VERBOSE_FLAG] : words);
    } catch (err) {
      if (err instanceof Error && /^Command .* not found\.$/.test(err.message))
        throw new UsageError(`'${words.join(' ')}' is no ${this.config.bin} command or topic`, {
          hint: `'${this.config.bin} help' lists every command`,
        });
      throw err;
    }
    const text = help.lines.map((line) => `${line}\n`).join('');
    const result: HelpJson = { subject: words.length > 0 ? words.join(' ') : null, text };
    // Help holds no secret, but names flags as `--tls-key=<file>`, which masking would take for one.
    this.render(result, (r) => r.text, { showSecrets: true });
    return result;
  }
}
