// The life of every command: parse (profile defaults, --timeout, output format, colours, dialect), run, print
// what it returned, and end through the ONE catch(), which maps every failure to its exit code, message and
// hint. Output and connections are the two classes below it (output-command.ts, connected-command.ts).

import { Command } from '@oclif/core/command';
import { Config } from '@oclif/core/config';
import * as Errors from '@oclif/core/errors';
import type * as Interfaces from '@oclif/core/interfaces';
import { DialectInputError, buildDialect } from '../../kafka/dialects/index.js';
import { UsageError, failureOf } from '../failures/errors.js';
import { missingArguments, withMissingInput } from '../failures/missing-input.js';
import { withMirrorSuggestion } from './mirror-suggestion.js';
import { withFlagSuggestion } from '../failures/flag-suggestion.js';
import { type BaseFlags, DEFAULT_TIMEOUT_MS, baseFlags } from '../flags/flags.js';
import { parseDuration } from '../flags/duration.js';
import { useColourLevel } from '../output/colour-level.js';
import { terminalColumns, useTableWidth } from '../../text/table-width.js';
import { optionWords } from '../output/option-words.js';
import { outputFromArgv, resolveOutputFormat } from '../output/output-from-argv.js';
import { ConnectedCommand, readProfile } from './connected-command.js';
import { ChangeInterruptWatch, changesState, interruptedFailure } from './change-interrupt-watch.js';
import { Deadline } from './deadline.js';
import { flushed } from './output-command.js';

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<
  (typeof BaseCommand)['baseFlags'] & T['flags']
>;
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>;

export abstract class BaseCommand<T extends typeof Command> extends ConnectedCommand {
  static override enableJsonFlag = true;
  static override baseFlags = baseFlags;

  /**
   * oclif's Command.run loads the whole configuration again, for a plugin with its own copy of @oclif/core;
   * kmirror has one copy, so the configuration it is handed is the one it runs with.
   */
  static override async run<C extends Command>(
    this: new (argv: string[], config: Config) => C,
    argv?: string[],
    opts?: Interfaces.LoadOptions,
  ): Promise<ReturnType<C['run']>> {
    if (!(opts instanceof Config)) return (Command.run<C>).call(this, argv, opts);
    const command = new this(argv ?? process.argv.slice(2), opts) as C & { _run(): Promise<ReturnType<C['run']>> };
    return command._run();
  }

  protected flags!: CommandFlags<T>;
  protected args!: CommandArgs<T>;
  protected argList: string[] = [];
  private coloursDecided = false;
  /** 'when-readable': use the active profile when it can be read, carry on without it when not (version). */
  static appliesProfile: boolean | 'when-readable' = true;
  static drawingFormats: readonly string[] = [];
  override async init(): Promise<void> {
    const started = Date.now();
    await super.init();
    const { args, argv, flags, raw } = await this.parse({
      // oclif reads a missing positional argument from a piped stdin, which would swallow --sasl-password-stdin.
      args: Object.fromEntries(
        Object.entries(this.ctor.args ?? {}).map(([name, arg]) => [name, { ...arg, ignoreStdin: true }]),
      ),
      baseFlags: (super.ctor as typeof BaseCommand).baseFlags,
      enableJsonFlag: this.ctor.enableJsonFlag,
      flags: this.ctor.flags,
      strict: this.ctor.strict,
    });
    this.flags = flags as CommandFlags<T>;
    this.args = args as CommandArgs<T>;
    this.argList = argv.map(String);
    const base = flags as BaseFlags;
    const lists: unknown = base['bootstrap-server'];
    if (Array.isArray(lists)) {
      this.bootstrapLists = lists.map(String);
      base['bootstrap-server'] = this.bootstrapLists.length === 1 ? this.bootstrapLists[0] : undefined;
    }
    this.givenFlags = raw.flatMap((token) => (token.type === 'flag' ? [{ name: token.flag, input: token.input }] : []));
    const given = new Set(this.givenFlags.map((g) => g.name));
    const applies = (this.ctor as typeof BaseCommand).appliesProfile;
    const read = applies === false ? {} : readProfile(applies, base.profile);
    this.activeProfile = read.active;
    const defaults = this.activeProfile?.profile.defaults;

    let budget = base.timeout ?? DEFAULT_TIMEOUT_MS;
    if (defaults?.timeout !== undefined && !given.has('timeout') && !process.env.KMIRROR_TIMEOUT)
      budget = parseDuration(defaults.timeout, `timeout of profile '${this.activeProfile?.name ?? ''}'`);
    this.deadline = new Deadline(budget, { startedAt: started });
    if (changesState(this)) this.interrupts = new ChangeInterruptWatch((line) => this.warning(line), this.deadline);

    const output = base.output ?? (base.json === true ? undefined : defaults?.output);
    this.outputFormat = resolveOutputFormat(base.json, output, (this.ctor as typeof BaseCommand).drawingFormats);
    // Set only now: until then catch() reads --json / -o from argv, which also covers a failure above.
    this.baseFlagValues = base;
    await this.decideColours(base.color);
    useTableWidth(terminalColumns(process.env, process.stdout));
    if (read.unreadable)
      this.warning('the profiles file cannot be read, so no profile applies here (kmirror profile list says why)');

    const profile = this.activeProfile?.profile;
    try {
      this.dialect = buildDialect({
        protocol: base.protocol ?? profile?.protocol,
        apiKeys: base['api-keys'] ?? profile?.apiKeys,
        apiVersions: base['api-versions'] ?? profile?.apiVersions,
      });
    } catch (err) {
      if (err instanceof DialectInputError) throw new UsageError(err.message, { hint: err.hint });
      throw err;
    }
  }

  override jsonEnabled(): boolean {
    if (super.jsonEnabled()) return true;
    if (this.baseFlagValues) return this.outputFormat === 'json';
    return outputFromArgv(this.argv) === 'json';
  }

  override async finally(err: Error | undefined): Promise<void> {
    await this.closeClient();
    if (err === undefined && this.exitCodeAfterOutput !== undefined) process.exitCode = this.exitCodeAfterOutput;
    this.interrupts?.dispose();
    if (err === undefined && this.interrupts?.signal) process.exitCode = this.interrupts.exitCode();
    await super.finally(err);
  }
  /**
   * The command ends only once its output has left the process (oclif's own flush gives up after 10 s with a
   * stack trace, and process.exit drops what is still buffered).
   */
  protected override async _run<R>(): Promise<R> {
    let result: R;
    try {
      result = await super._run<R>();
      this.writePendingResult();
      await flushed(this.stdout);
    } catch (err) {
      let thrown = err;
      if (!(err instanceof Errors.ExitError)) thrown = await this.catch(err as Error).catch((exit: unknown) => exit);
      await flushed(this.stdout).catch(() => undefined);
      await flushed(this.stderr).catch(() => undefined);
      throw thrown;
    }
    await flushed(this.stderr);
    return result;
  }

  private async decideColours(flag: boolean | undefined): Promise<void> {
    if (this.coloursDecided) return;
    this.coloursDecided = true;
    await useColourLevel({ flag, env: process.env, stdoutIsTTY: process.stdout.isTTY === true });
  }

  /** An argument oclif cannot require (verify's MIRROR, given by --receipt too) found missing: as oclif's are. */
  protected missingArgument(name: string): never {
    const arg = this.ctor.args?.[name];
    throw missingArguments(this.config.bin, { ...this.ctor, id: this.id ?? '' }, [
      { name, ...(arg?.description === undefined ? {} : { description: arg.description }) },
    ]);
  }

  protected override async catch(err: Error & { exitCode?: number }): Promise<never> {
    // this.exit(n) is not a failure to report.
    if (err instanceof Errors.ExitError) throw err;
    // A failure before the flags were read (a usage error): --color / --no-color as the words before `--` say.
    const words = optionWords(this.argv);
    await this.decideColours(words.includes('--no-color') ? false : words.includes('--color') ? true : undefined);
    const suggested = await withMirrorSuggestion(err, this.openedClient());
    const failure = interruptedFailure(
      failureOf(
        withFlagSuggestion(
          withMissingInput(suggested, this.config.bin, this.id ? { ...this.ctor, id: this.id } : undefined),
          this.argv,
          Object.keys({ ...baseFlags, ...(this.ctor.flags ?? {}), json: true }),
          this.id,
        ),
      ),
      this.interrupts,
    );
    this.reportFailure(err, failure);
    process.exitCode = failure.exitCode;
    throw new Errors.ExitError(failure.exitCode);
  }
}
