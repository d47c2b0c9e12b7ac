// Exit codes are part of every command's contract, so every kmirror command's --help ends with
// them (and so does the root help). Wired in package.json's oclif.helpClass (the bundle's Help).

import type { Command } from '@oclif/core/command';
import { CommandHelp, Help, type HelpSectionRenderer } from '@oclif/core/help';
import { exitCodesHelpText } from '../failures/exit-codes.js';
import { CONNECTION_TOPIC, CONNECTION_TOPIC_SUMMARY, connectionHelp } from './connection-help.js';
import { shortCommandHelp } from './short-help.js';

export const EXIT_CODES_HEADER = 'EXIT CODES';
export const VERBOSE_FLAG = '--verbose';

export class KmirrorCommandHelp extends CommandHelp {
  protected override sections(): Array<{ generate: HelpSectionRenderer; header: string }> {
    const sections = super.sections();
    // Commands of plugins (help, autocomplete) keep their own contract.
    if (this.command.pluginName !== undefined && this.command.pluginName !== this.config.name) return sections;
    const allowed = this.opts.sections?.map((s) => s.toLowerCase());
    if (allowed && !allowed.includes(EXIT_CODES_HEADER.toLowerCase())) return sections;
    return [...sections, { header: EXIT_CODES_HEADER, generate: () => exitCodesHelpText('') }];
  }
}

export default class KmirrorHelp extends Help {
  protected override CommandHelpClass = KmirrorCommandHelp;
  private verbose = false;

  override async showHelp(argv: string[]): Promise<void> {
    const before = argv.indexOf('--');
    const words = before === -1 ? argv : argv.slice(0, before);
    this.verbose = words.includes(VERBOSE_FLAG);
    const rest = argv.filter((word, i) => (before !== -1 && i >= before) || word !== VERBOSE_FLAG);
    const subject = rest.filter((word) => !word.startsWith('-') && word !== 'help');
    if (subject.length === 1 && subject[0] === CONNECTION_TOPIC && !this.config.findCommand(CONNECTION_TOPIC)) {
      this.log(connectionHelp(this.config.bin, this.config.commands, this.opts.maxWidth).trimEnd());
      return;
    }
    // `kmirror help --help` and `kmirror help help`: the help command's own help (oclif shows the root help).
    const helpCommand = this.config.findCommand('help');
    if (subject.length === 0 && argv.includes('help') && helpCommand) return this.showCommandHelp(helpCommand);
    await super.showHelp(rest);
  }

  // One screen unless --verbose: the full text (descriptions, every shared flag, exit codes) is oclif's.
  override async showCommandHelp(command: Command.Loadable): Promise<void> {
    const ours = command.pluginName === undefined || command.pluginName === this.config.name;
    if (this.verbose || !ours) return super.showCommandHelp(command);
    this.log(shortCommandHelp(this.config.bin, command, this.opts.maxWidth).trimEnd());
  }

  // oclif's Help renames the commands it shows in place, after which Config no longer finds them: it renames copies.
  override formatCommand(command: Command.Loadable): string {
    return super.formatCommand({ ...command });
  }

  protected override formatCommands(commands: Array<Command.Loadable>): string {
    return super.formatCommands(commands.map((command) => ({ ...command })));
  }

  protected override async showRootHelp(): Promise<void> {
    await super.showRootHelp();
    this.log(
      this.section(
        'HELP TOPICS',
        `${CONNECTION_TOPIC}  ${CONNECTION_TOPIC_SUMMARY} (${this.config.bin} help ${CONNECTION_TOPIC})`,
      ),
    );
    this.log('');
    this.log(this.section(EXIT_CODES_HEADER, exitCodesHelpText('')));
    this.log('');
  }
}
