import * as Args from '@oclif/core/args';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { COMPLETION_SHELLS, type CompletionShell, completionScript } from '../lib/cli/completion/completion-scripts.js';

/** The completion script for one shell. */
export interface CompletionJson {
  shell: CompletionShell;
  script: string;
}

export default class Completion extends BaseCommand<typeof Completion> {
  static override summary = 'Print the shell completion script for bash, zsh or fish';
  static override description =
    'Completes commands, flags, mirror names and topic names after --topic. Names are read from the cluster of the ' +
    'active profile (or the -b, --profile and other connection flags already typed), within 2 seconds; when the ' +
    'cluster cannot be reached, only commands and flags are offered. The script calls kmirror itself, so it keeps ' +
    'up with new commands without being installed again.';
  static override examples = [
    'source <(<%= config.bin %> completion bash)',
    '<%= config.bin %> completion bash > ~/.local/share/bash-completion/completions/kmirror',
    '<%= config.bin %> completion zsh > "${fpath[1]}/_kmirror"',
    '<%= config.bin %> completion fish > ~/.config/fish/completions/kmirror.fish',
  ];
  static override appliesProfile = false;
  static override args = {
    shell: Args.string({ description: 'the shell', required: true, options: [...COMPLETION_SHELLS] }),
  };

  async run(): Promise<CompletionJson> {
    const shell = this.args.shell as CompletionShell;
    const result = { shell, script: completionScript(shell) };
    this.render(result, (r) => r.script);
    return result;
  }
}
