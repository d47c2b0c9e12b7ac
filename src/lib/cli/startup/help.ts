// Exit codes are part of every command's contract, so every kmirror command's --help ends with
// them (and so does the root help). Wired in package.json's oclif.helpClass (the bundle's Help).

import type { Command } from '@oclif/core/command';
import { CommandHelp, Help, type HelpSectionRenderer } from '@oclif/core/help';
import { exitCodesHelpText } from '../failures/exit-codes.js';

export const EXIT_CODES_HEADER = 'EXIT CODES';

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

  // oclif's Help renames the commands it shows in place (config:get becomes `config get`), after which the
  // process's Config no longer finds them: harmless when help ends the process, not after `kmirror help`
  // in a process that goes on (the in-process test runner). It renames copies.
  override formatCommand(command: Command.Loadable): string {
    return super.formatCommand({ ...command });
  }

  protected override formatCommands(commands: Array<Command.Loadable>): string {
    return super.formatCommands(commands.map((command) => ({ ...command })));
  }

  protected override async showRootHelp(): Promise<void> {
    await super.showRootHelp();
    this.log(this.section(EXIT_CODES_HEADER, exitCodesHelpText('')));
    this.log('');
  }
}
