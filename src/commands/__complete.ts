import * as Errors from '@oclif/core/errors';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import {
  type CompletionCommand,
  connectionWords,
  formatCompletion,
  planCompletion,
  splitCommandLine,
  withValues,
} from '../lib/cli/completion/completion.js';
import { Deadline } from '../lib/cli/command/deadline.js';
import { profileFilePath } from '../lib/connection/profile-file.js';
import { ProfileStore } from '../lib/connection/profile-operations.js';
import { mirrorNames, topicNames } from '../lib/mirror/lifecycle/completion-values.js';

const COMPLETION_BUDGET_MS = 2_000;

/** Called by the scripts of `kmirror completion`; never fails: what cannot be looked up is left out. */
export default class Complete extends BaseCommand<typeof Complete> {
  static override hidden = true;
  static override strict = false;
  static override summary = 'Answer shell completion (used by the scripts of kmirror completion)';

  private words: string[] = [];
  private descriptions = false;

  override async init(): Promise<void> {
    const raw = [...this.argv];
    this.descriptions = raw[0] === '--descriptions';
    if (this.descriptions) raw.shift();
    // --line: the whole line up to the cursor (bash), `kmirror` first; else the words after `kmirror`.
    this.words = raw[0] === '--line' ? splitCommandLine(raw[1] ?? '').slice(1) : raw.slice(raw[0] === '--' ? 1 : 0);
    // The connection flags already typed reach the cluster the completed command will talk to.
    this.argv = connectionWords(this.words);
    try {
      await super.init();
    } catch {
      this.argv = [];
      await super.init();
    }
    this.deadline = new Deadline(Math.min(this.deadline.budgetMs, COMPLETION_BUDGET_MS));
  }

  async run(): Promise<void> {
    const commands = this.config.commands as unknown as CompletionCommand[];
    const topics = Object.fromEntries(this.config.topics.map((t) => [t.name, t.description ?? '']));
    const plan = planCompletion(this.words, commands, topics);
    let values: string[] = [];
    try {
      if (plan.source?.kind === 'profiles') values = ProfileStore.load(profileFilePath()).names();
      else if (plan.source?.kind === 'mirrors')
        values = await this.deadline.race(mirrorNames(await this.kafka()), 'completing');
      else if (plan.source?.kind === 'topics')
        values = await this.deadline.race(topicNames(await this.kafka(), plan.source, this.openSource), 'completing');
    } catch {
      // No cluster, no profile file, too slow: commands and flags are still offered.
    }
    const candidates = withValues(plan, values);
    process.stdout.write(
      formatCompletion(candidates, { files: plan.source?.kind === 'files', descriptions: this.descriptions }),
    );
  }

  protected override async catch(): Promise<never> {
    process.stdout.write(formatCompletion([], { files: false, descriptions: false }));
    throw new Errors.ExitError(0);
  }
}
