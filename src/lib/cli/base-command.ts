// Every kmirror command extends BaseCommand. It parses the shared flags once, fixes the output
// format and colour level, starts the --timeout budget, builds the connection settings on demand,
// prints results in the chosen format, and owns THE catch(): every failure goes through toFailure
// and leaves as exactly one JSON/YAML error document or one `Error:` + `Hint:` pair, then the exit code.

import { Command } from '@oclif/core/command';
import { Config } from '@oclif/core/config';
import * as Errors from '@oclif/core/errors';
import type * as Interfaces from '@oclif/core/interfaces';
import type { KafkaClient, WireEvent } from '../kafka/client.js';
import { type Dialect, prototypeDialect } from '../kafka/dialect.js';
import { DialectInputError, buildDialect } from '../kafka/dialects/index.js';
import { useColourLevel } from './color.js';
import { type ConnectionConfig, resolveConnectionConfig } from '../connection/connection-config.js';
import { Deadline } from './deadline.js';
import { rowsWithinBudget } from './rows-within-budget.js';
import { ChangeInterruptWatch, changesState, interruptedFailure } from './change-interrupt-watch.js';
import { type Failure, UsageError, toFailure } from './errors.js';
import { errorDocument, failureJson, resultDocument } from './json-document.js';
import { ExitCode } from './exit-codes.js';
import { DEFAULT_TIMEOUT_MS, OUTPUT_FORMATS, type OutputFormat, baseFlags } from './flags.js';
import { canPrompt } from './interactive.js';
import { formatJson, formatJsonLine, formatJsonPieces, formatYaml } from './output-format.js';
import { OutputStream, linesAsText, type Printable } from './output-stream.js';
import { redact, redactText } from '../connection/redact.js';
import { type Profile, profileConnectionValues } from '../connection/profile.js';
import type { ConnectionFlagValues } from '../connection/connection-config.js';
import { activeProfile } from './active-profile.js';
import { parseDuration } from './duration.js';
import { shellQuote } from './shell-words.js';
import { askSecret } from './secret-prompt.js';
import { closestKey } from '../kafka/closest-key.js';
import { readStdinText, settingsFile } from './setting-args.js';
import { sourceConfigInput } from './topic-input.js';
import type { SourceAccess } from '../mirror/mirror-side.js';
import { escapeControl, escapeStackTrace } from '../text/terminal-safe.js';
import { optionWords } from './option-words.js';
import { coloursOn, dim, red, yellow } from '../text/colours.js';

/** The flag behind each connection setting (for telling command-line values from KMIRROR_* ones). */
const FLAG_OF_SETTING: Record<string, string> = {
  bootstrapServer: 'bootstrap-server',
  commandConfig: 'command-config',
  saslMechanism: 'sasl-mechanism',
  saslUsername: 'sasl-username',
  saslOauthTokenFile: 'sasl-oauth-token-file',
  tls: 'tls',
  tlsCa: 'tls-ca',
  tlsCert: 'tls-cert',
  tlsKey: 'tls-key',
  tlsInsecure: 'tls-insecure',
};

/** KMIRROR_* secrets meant for the cluster of -b, kept away from a second cluster's profile. */
const DESTINATION_ONLY_SECRETS = ['KMIRROR_SASL_PASSWORD', 'KMIRROR_SASL_OAUTH_TOKEN', 'KMIRROR_TLS_KEY_PASSWORD'];

function readProfile(
  applies: true | 'when-readable',
  named: string | undefined,
): { active?: { name: string; profile: Profile }; unreadable?: true } {
  if (applies === true) return { active: activeProfile(named, process.env) };
  try {
    return { active: activeProfile(named, process.env) };
  } catch {
    // Not its message: a broken YAML line may hold a stored secret.
    return { unreadable: true };
  }
}

/** Flags repeated in printed "Next:" commands so they reach the same cluster. */
const REACH_FLAGS = new Set([...Object.values(FLAG_OF_SETTING), 'profile', 'protocol', 'api-keys', 'api-versions']);

export type BaseFlags = Interfaces.InferredFlags<(typeof BaseCommand)['baseFlags']>;
export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<
  (typeof BaseCommand)['baseFlags'] & T['flags']
>;
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>;

export interface RenderOptions {
  /** `-o wide`: show every column. */
  readonly wide: boolean;
  /** Whether colour codes may be used (text/colours.ts already knows; for renderers that write their own). */
  readonly color: boolean;
}

/** Text for people: a string, or for output that can be huge, its lines (made as they are written). */
export type HumanRenderer<R> = (result: R, options: RenderOptions) => string | Iterable<string>;

export interface OutputOptions<R> {
  /** An explicit flag asked for the secrets: print the result unmasked. */
  readonly showSecrets?: boolean;
  /** Masks only these free-text fields, for results too large for the generic deep walk (describe). */
  readonly maskText?: (result: R, mask: (text: string) => string) => R;
  /** --watch: one document per refresh (a JSON line; a YAML document after ---); the text inside this frame. */
  readonly refreshFrame?: (text: string) => string;
  /** Warnings about this result: in its document, or on stderr after the text. */
  readonly warnings?: readonly string[];
}

/** Where a command writes; the process streams, or a buffer in tests. */
export interface TextSink {
  write(text: string): unknown;
}

const MAX_PASSWORD_LINE = 64 * 1024;

/** `-o`/`--output` as given on the command line (or KMIRROR_OUTPUT), readable even when parsing failed. */
export function outputFromArgv(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const args = optionWords(argv);
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-o' || arg === '--output') found = args[i + 1];
    else if (arg.startsWith('--output=')) found = arg.slice('--output='.length);
    else if (arg.startsWith('-o=')) found = arg.slice(3);
    else if (/^-o[a-z]+$/.test(arg)) found = arg.slice(2);
  }
  return found ?? (env.KMIRROR_OUTPUT || undefined);
}

/** Reads the first line of a piped stdin (for --sasl-password-stdin). */
export async function readFirstLine(
  stream: NodeJS.ReadStream | (NodeJS.ReadableStream & { isTTY?: boolean }),
): Promise<string> {
  if ((stream as { isTTY?: boolean }).isTTY) {
    throw new UsageError('--sasl-password-stdin reads the password from a pipe, but stdin is a terminal', {
      hint: 'pipe it in: printf %s "$PASSWORD" | kmirror … --sasl-password-stdin (or set KMIRROR_SASL_PASSWORD)',
    });
  }
  return new Promise<string>((resolve, reject) => {
    let data = '';
    const finish = (line: string | Error): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      if (line instanceof Error) reject(line);
      else resolve(line.replace(/\r$/, ''));
    };
    const onData = (chunk: string | Buffer): void => {
      data += chunk.toString();
      const newline = data.indexOf('\n');
      if (newline !== -1) finish(data.slice(0, newline));
      else if (data.length > MAX_PASSWORD_LINE)
        finish(new UsageError('--sasl-password-stdin: the first line of stdin is too long to be a password'));
    };
    const onEnd = (): void => finish(data);
    const onError = (err: Error): void => finish(err);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
}

export abstract class BaseCommand<T extends typeof Command> extends Command {
  static override enableJsonFlag = true;
  static override baseFlags = baseFlags;

  /**
   * oclif's Command.run loads the whole configuration again even when it is handed a loaded one, as
   * config.runCommand does for every run (package.json, manifest, plugins and theme read a second time;
   * ~1 % of a short command's instructions): that reload is for a plugin that brings its own copy of
   * @oclif/core. kmirror has one copy, so the configuration it is handed is the one it runs with.
   */
  static override async run<C extends Command>(
    this: new (argv: string[], config: Config) => C,
    argv?: string[],
    opts?: Interfaces.LoadOptions,
  ): Promise<ReturnType<C['run']>> {
    if (!(opts instanceof Config)) return (Command.run<C>).call(this, argv, opts);
    // what Command.run does after its load
    const command = new this(argv ?? process.argv.slice(2), opts) as C & { _run(): Promise<ReturnType<C['run']>> };
    return command._run();
  }

  protected flags!: CommandFlags<T>;
  protected args!: CommandArgs<T>;
  /** Every positional argument, for commands with `strict = false` (several mirror names). */
  protected argList: string[] = [];
  /** The shared flags, typed without the command's own. */
  protected baseFlagValues: BaseFlags | undefined;
  /** Whether this run decided its colours yet (decideColours). */
  private coloursDecided = false;
  /** The --timeout budget of the whole command. */
  protected deadline: Deadline = new Deadline(DEFAULT_TIMEOUT_MS);
  protected outputFormat: OutputFormat = 'table';
  /** Written with backpressure; the command ends only after both are flushed (see _run). */
  protected stdout: TextSink = new OutputStream(process.stdout);
  protected stderr: TextSink = new OutputStream(process.stderr);

  /** A document was made: the one JSON/YAML document (pending until the command ends) or a --watch line. */
  private documentWritten = false;
  /** The result document, written when the command ends: with its warnings, and its failure if it fails. */
  private pendingResult: { readonly value: unknown } | undefined;
  /** Warnings given in JSON/YAML mode, for the `warnings` array of the next document. */
  private documentWarnings: string[] = [];
  /** Line documents written: one per --watch refresh, or the one line of a server (playground, exporter). */
  private lineMode: 'watch' | 'server' | undefined;
  /** Set by exitAfterOutput(): the exit code of a command that printed its whole result. */
  private exitCodeAfterOutput: ExitCode | undefined;
  private interrupts: ChangeInterruptWatch | undefined;
  private connectionPromise: Promise<ConnectionConfig> | undefined;
  private clientPromise: Promise<KafkaClient> | undefined;
  /**
   * Commands that connect read the active profile; the profile commands and playground do not.
   * 'when-readable': use it when it can be read, carry on without it when not (version).
   */
  static appliesProfile: boolean | 'when-readable' = true;
  /** The flags given on the command line itself (not from KMIRROR_* variables), in order. */
  protected givenFlags: { name: string; input: string }[] = [];
  /** The profile in use (--profile, KMIRROR_PROFILE, or the current one), if any. */
  protected activeProfile: { name: string; profile: Profile } | undefined;
  /** Which messages the cluster speaks and on which keys (--protocol, --api-keys, --api-versions). */
  protected dialect: Dialect = prototypeDialect();

  override async init(): Promise<void> {
    const started = Date.now();
    await super.init();
    const { args, argv, flags, raw } = await this.parse({
      // oclif reads a missing positional argument from a piped stdin, which would swallow the
      // --sasl-password-stdin password (and treat it as, say, a mirror name).
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
    this.outputFormat = resolveOutputFormat(base.json, output);
    // Set only now: until then catch() reads --json / -o from argv, which also covers a failure above.
    this.baseFlagValues = base;
    await this.decideColours(base.color);
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

  /** `--json` or `-o json`, also when flag parsing failed (so parse errors come out as JSON too). */
  override jsonEnabled(): boolean {
    if (super.jsonEnabled()) return true;
    if (this.baseFlagValues) return this.outputFormat === 'json';
    return outputFromArgv(this.argv) === 'json';
  }

  /** The connection settings from flags, env and --command-config, checked; built once. */
  protected async connection(): Promise<ConnectionConfig> {
    this.connectionPromise ??= this.buildConnection();
    return this.connectionPromise;
  }

  /**
   * The protocol client for the cluster given by the connection flags, bounded by --timeout and
   * traced with --debug. Built once; nothing connects until the first request. Closed in finally().
   */
  protected async kafka(): Promise<KafkaClient> {
    this.clientPromise ??= this.connection().then(async (settings) => {
      // Loaded on first use: commands that never talk to Kafka (help, playground) skip the transport.
      const { createClient } = await import('../kafka/connect.js');
      const fanOutConcurrency = this.baseFlagValues?.['broker-concurrency'];
      return createClient(
        {
          ...settings,
          dialect: this.dialect,
          onNote: (message) => this.warning(message),
          ...(fanOutConcurrency !== undefined ? { fanOutConcurrency } : {}),
        },
        this.deadline,
        this.wireTracer(),
        this.interrupts,
      );
    });
    return this.clientPromise;
  }

  /** Opens a client to another cluster (the source of a mirror), bounded by --timeout, traced as [source]. */
  protected readonly openSource = async (settings: ConnectionConfig): Promise<KafkaClient> => {
    const { createClient } = await import('../kafka/connect.js');
    return createClient(settings, this.deadline, this.wireTracer('source'));
  };

  /**
   * A client to another cluster with its own budget of at most `ms` (within --timeout): for probes
   * whose failure is only reported (`check` asking each mirror's source).
   */
  protected openSourceWithin(ms: number): (settings: ConnectionConfig) => Promise<KafkaClient> {
    return async (settings) => {
      const { createClient } = await import('../kafka/connect.js');
      const budget = new Deadline(Math.max(1, Math.min(ms, this.deadline.remainingMs())));
      return createClient(settings, budget, this.wireTracer('source'));
    };
  }

  /** The --debug trace of one client's requests; `label` names a second cluster (the source). */
  protected wireTracer(label?: string): (event: WireEvent) => void {
    return (event) => this.trace(() => `${label ? `[${label}] ` : ''}${formatWireEvent(event)}`);
  }

  override async finally(err: Error | undefined): Promise<void> {
    const pending = this.clientPromise;
    this.clientPromise = undefined;
    if (pending) {
      // Closing must neither hide the command's own error nor hold the process open.
      const closing = pending.then((client) => client.close()).catch(() => undefined);
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    if (err === undefined && this.exitCodeAfterOutput !== undefined) process.exitCode = this.exitCodeAfterOutput;
    this.interrupts?.dispose();
    if (err === undefined && this.interrupts?.signal) process.exitCode = this.interrupts.exitCode();
    await super.finally(err);
  }

  /**
   * How the printed "Next:" commands reach the same cluster: the connection flags given on this
   * command line (or nothing, when a profile, the current one or KMIRROR_* variables supplied them).
   */
  protected reachArgs(): string {
    const words: string[] = [];
    for (const { name, input } of this.givenFlags) {
      if (!REACH_FLAGS.has(name)) continue;
      if (input.startsWith('--')) words.push(input.split('=')[0] ?? input);
      else words.push(name === 'bootstrap-server' ? '-b' : `--${name}`, shellQuote(input));
    }
    return words.length === 0 ? '' : ` ${words.join(' ')}`;
  }

  private async buildConnection(): Promise<ConnectionConfig> {
    const f = this.baseFlagValues;
    const given = new Set(this.givenFlags.map((g) => g.name));
    const fromEnv = new Set(
      Object.entries(FLAG_OF_SETTING)
        .filter(([, flag]) => !given.has(flag) && (f as Record<string, unknown> | undefined)?.[flag] !== undefined)
        .map(([setting]) => setting as keyof ConnectionFlagValues),
    );
    const layer = this.activeProfile
      ? profileConnectionValues(this.activeProfile.profile, process.env, (question) =>
          this.deadline.race(askSecret(question, this.canPrompt()), 'reading the password'),
        )
      : undefined;
    return resolveConnectionConfig(
      {
        bootstrapServer: f?.['bootstrap-server'],
        commandConfig: f?.['command-config'],
        saslMechanism: f?.['sasl-mechanism'],
        saslUsername: f?.['sasl-username'],
        saslPasswordStdin: f?.['sasl-password-stdin'],
        saslOauthTokenFile: f?.['sasl-oauth-token-file'],
        tls: f?.tls,
        tlsCa: f?.['tls-ca'],
        tlsCert: f?.['tls-cert'],
        tlsKey: f?.['tls-key'],
        tlsInsecure: f?.['tls-insecure'],
      },
      {
        env: layer?.env ?? process.env,
        fromEnv,
        ...(layer ? { profile: layer.flags } : {}),
        readPasswordLine: () => this.passwordFromStdin(),
        warn: (message) => this.warning(message),
      },
    );
  }

  /**
   * --sasl-password-stdin: the first line of a piped stdin, or on a terminal a question answered
   * without echo (the password never shows on the screen nor in the shell history).
   */
  protected passwordFromStdin(): Promise<string> {
    if (process.stdin.isTTY !== true)
      return this.deadline.race(readFirstLine(process.stdin), 'reading the password from stdin');
    if (!this.canPrompt())
      throw new UsageError('--sasl-password-stdin: stdin is a terminal, but kmirror may not ask here', {
        hint:
          'it asks only with text output to a terminal and CI unset; else pipe it in: printf %s ' +
          '"$PASSWORD" | kmirror … --sasl-password-stdin (or set KMIRROR_SASL_PASSWORD)',
      });
    return this.deadline.race(askSecret('SASL password:', true), 'reading the password');
  }

  /** --config-file of create and config set: its KEY=VALUE settings (`-`: stdin, which then carries no password). */
  protected async configFileSettings(path: string | undefined): Promise<string[]> {
    if (path === '-' && this.baseFlagValues?.['sasl-password-stdin'])
      throw new UsageError('--config-file - and --sasl-password-stdin both read stdin', {
        hint: 'give the settings as a file (--config-file FILE), or the password in KMIRROR_SASL_PASSWORD',
      });
    return settingsFile(path, () => this.deadline.race(readStdinText(), 'reading --config-file - from stdin'));
  }

  /**
   * The whole connection a saved profile names (--source-profile), for a second cluster: flags, files
   * and secrets come from the profile alone, never from this command's KMIRROR_* secrets.
   */
  protected async profileConnection(name: string): Promise<ConnectionConfig> {
    const found = activeProfile(name, process.env);
    if (!found) throw new UsageError(`no profile '${name}'`);
    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of DESTINATION_ONLY_SECRETS) delete env[key];
    const layer = profileConnectionValues(found.profile, env, (question) =>
      this.deadline.race(askSecret(question, this.canPrompt()), 'reading the password'),
    );
    return resolveConnectionConfig({}, { env: layer.env, profile: layer.flags, warn: (m) => this.warning(m) });
  }

  /** How this command reaches a mirror's source: --source-profile, else the stored keys with --source-config on top. */
  protected async sourceAccess(flags: {
    readonly 'source-config'?: string;
    readonly 'source-profile'?: string;
  }): Promise<SourceAccess> {
    const fromFile = sourceConfigInput(flags['source-config'], (m) => this.warning(m));
    const profile = flags['source-profile'];
    return profile === undefined ? fromFile : { ...fromFile, sourceProfile: await this.profileConnection(profile) };
  }

  /** The connection flags to repeat in a suggested command (never a secret: those come from stdin or env). */
  protected connectionArgs(settings: ConnectionConfig): string[] {
    const f = this.baseFlagValues;
    const args = ['-b', settings.bootstrap.join(',')];
    if (this.activeProfile) args.push('--profile', this.activeProfile.name);
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

  /** Whether a prompt may be shown (TTY both ways, not JSON/YAML, no --yes, not CI). */
  protected canPrompt(yes?: boolean): boolean {
    return canPrompt({ json: this.outputFormat === 'json', output: this.outputFormat, yes });
  }

  // ---- Output: every result, note, warning, trace and error a command prints is written below. ----

  /** What a confirmation needs to know (prompt/confirm-plan.ts): can it ask, --yes, where the preview goes. */
  protected confirmSettings(yes: boolean | undefined) {
    const textOutput = this.textOutput();
    return { canPrompt: this.canPrompt(yes), yes: yes === true, textOutput, stdout: this.stdout, stderr: this.stderr };
  }

  /**
   * Prints the command's result: one JSON or YAML document, or the human text from `human`.
   * Secrets are masked unless the command passes `showSecrets` (for an explicit flag).
   */
  protected render<R>(result: R, human: HumanRenderer<R>, options: OutputOptions<R> = {}): void {
    const shown = options.showSecrets
      ? result
      : options.maskText
        ? options.maskText(result, (text) => redactText(text, { registeredSecrets: false }))
        : (redact(result, { registeredSecrets: false }) as R);
    const frame = options.refreshFrame;
    const warnings = options.warnings ?? [];
    switch (this.outputFormat) {
      case 'json':
      case 'yaml':
        for (const warning of warnings) this.warning(warning);
        if (frame) this.writeRefreshDocument(shown);
        else this.keepResult(shown);
        return;
      default: {
        const text = human(shown, { wide: this.outputFormat === 'wide', color: coloursOn() });
        // A refresh frame wraps the whole text; otherwise lines are written as they are made.
        if (frame) this.stdout.write(frame(typeof text === 'string' ? text : [...text].join('\n')));
        else if (typeof text !== 'string') print(this.stdout, linesAsText(rowsWithinBudget(text, this.deadline)));
        else if (text !== '') this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
        for (const warning of warnings) this.warning(warning);
      }
    }
  }

  /** Whether the output is text for people (table or wide), not a JSON or YAML document. */
  protected textOutput(): boolean {
    return this.outputFormat === 'table' || this.outputFormat === 'wide';
  }

  /** Text output to a terminal (where a --watch redraws in place). */
  protected ttyText(): boolean {
    return process.stdout.isTTY === true && this.textOutput();
  }

  /** After the whole result is printed: end with this exit code, without an error message (a report). */
  protected exitAfterOutput(code: ExitCode): void {
    this.exitCodeAfterOutput = code;
  }

  /** Waits until everything printed so far has left the process (a refresh loop waits for its reader). */
  protected async outputFlushed(): Promise<void> {
    await flushed(this.stdout);
    await flushed(this.stderr);
  }

  /** Whether stdout's reader went away (`| head`, a pager quit): nothing more is worth printing. */
  protected outputClosed(): boolean {
    return this.stdout instanceof OutputStream && this.stdout.closed;
  }

  /**
   * The one line a server prints once it runs (playground, exporter --json): written at once, as the
   * command goes on. Warnings after it can join no document and go to stderr, the server's log.
   */
  protected renderJsonLine(result: unknown, options: { showSecrets?: boolean } = {}): void {
    this.documentWritten = true;
    this.lineMode = 'server';
    const shown = options.showSecrets ? result : redact(result, { registeredSecrets: false });
    this.stdout.write(formatJsonLine(resultDocument(shown, { warnings: this.takeDocumentWarnings() })));
  }

  /** A --watch refresh that failed after the first: a warning in text, an error document line in JSON/YAML. */
  protected refreshFailed(err: unknown, retryInMs: number): void {
    const failure = this.failureOf(err);
    if (this.textOutput()) {
      this.warning(`refresh failed: ${failure.message}; trying again in ${retryInMs / 1000}s`);
      return;
    }
    this.lineMode = 'watch';
    this.documentWritten = true;
    this.writeErrorLine(failure);
  }

  /** A note for people, on stderr; left out of JSON/YAML output, whose document holds what matters. */
  protected note(message: string): void {
    if (!this.textOutput()) return;
    this.stderr.write(`${escapeControl(redactText(message))}\n`);
  }

  /** A warning: on stderr for people; in JSON/YAML the `warnings` array of the document. */
  protected warning(message: string): void {
    if (!this.textOutput() && this.lineMode !== 'server') {
      this.documentWarnings.push(redactText(message));
      return;
    }
    this.stderr.write(`${yellow('Warning:')} ${escapeControl(redactText(message))}\n`);
  }

  /** A --debug trace line on stderr; the message is built only when tracing is on. */
  protected trace(message: string | (() => string)): void {
    if (!this.debugEnabled()) return;
    const text = typeof message === 'function' ? message() : message;
    this.stderr.write(`${dim(`[debug] ${escapeControl(redactText(text))}`)}\n`);
  }

  protected debugEnabled(): boolean {
    if (this.baseFlagValues) return this.baseFlagValues.debug === true;
    return (
      optionWords(this.argv).includes('--debug') ||
      ['1', 'true', 'yes'].includes((process.env.KMIRROR_DEBUG ?? '').toLowerCase())
    );
  }

  // oclif prints a returned result itself under --json; route that through the same writer so a
  // command that also called render() still emits exactly one document.
  protected override logJson(json: unknown): void {
    if (this.documentWritten) return;
    this.keepResult(redact(json, { registeredSecrets: false }));
  }

  /** The result document waits for the end of the command: its warnings and outcome are known only then. */
  private keepResult(shown: unknown): void {
    this.documentWritten = true;
    this.pendingResult = { value: shown };
  }

  private takeDocumentWarnings(): string[] {
    const taken = this.documentWarnings;
    this.documentWarnings = [];
    return taken;
  }

  /** Writes the kept result document, with the failure that ended the command if there was one. */
  private writePendingResult(failure?: Failure): void {
    const pending = this.pendingResult;
    if (pending === undefined) return;
    this.pendingResult = undefined;
    const warnings = this.takeDocumentWarnings();
    const document = resultDocument(pending.value, {
      warnings,
      ...(failure === undefined ? {} : { error: failureJson(failure) }),
    });
    print(this.stdout, this.outputFormat === 'yaml' ? formatYaml(document) : formatJsonPieces(document));
  }

  /** One --watch refresh: a compact JSON line, or a YAML document after ---, stamped with its time. */
  private writeRefreshDocument(shown: unknown): void {
    this.documentWritten = true;
    this.lineMode = 'watch';
    const timestamp = new Date().toISOString();
    this.writeLineDocument(resultDocument(shown, { warnings: this.takeDocumentWarnings(), timestamp }));
  }

  private writeErrorLine(failure: Failure): void {
    const timestamp = new Date().toISOString();
    this.writeLineDocument(errorDocument(failureJson(failure), { warnings: this.takeDocumentWarnings(), timestamp }));
  }

  private writeLineDocument(document: unknown): void {
    this.stdout.write(this.outputFormat === 'yaml' ? `---\n${formatYaml(document)}` : formatJsonLine(document));
  }

  /**
   * The command ends only once everything it printed has left the process, however slow the reader
   * (oclif's own flush gives up after 10 s with a stack trace, and process.exit drops what is still
   * buffered). A large text is made while it is written, so a failure while making it is reported
   * here, through catch(), like any other.
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

  /**
   * oclif's parse errors made to the point: "Nonexistent flag: --bootstrap-servers" gets the flag that
   * was meant, and a missing argument loses the note about multiple-value flags when none was typed.
   */
  private withFlagSuggestion(err: Error): Error {
    const note = /\n+Note: (--[\w-]+(?:, --[\w-]+)*) allow multiple values[\s\S]*?arguments\.(?=\n|$)/.exec(
      err.message,
    );
    if (
      note &&
      !(note[1] ?? '').split(', ').some((flag) => this.argv.some((a) => a === flag || a.startsWith(`${flag}=`)))
    )
      err.message = err.message.replace(note[0], '');
    const unknown = (err as { flags?: unknown }).flags;
    if (!Array.isArray(unknown) || !/^Nonexistent flags?:/.test(err.message)) return err;
    const known = Object.keys({ ...baseFlags, ...(this.ctor.flags ?? {}), json: true });
    const suggestions = unknown.flatMap((raw) => {
      const name = String(raw).replace(/^--?/, '').split('=')[0] ?? '';
      const close = closestFlag(name, known);
      return close ? [unknown.length === 1 ? `--${close}` : `--${close} (for ${String(raw)})`] : [];
    });
    if (suggestions.length === 0) return err;
    return new UsageError(`unknown flag ${unknown.map(String).join(', ')}`, {
      hint:
        `did you mean ${suggestions.join(', ')}? (kmirror ${this.id?.replaceAll(':', ' ') ?? ''} --help ` +
        `lists the flags)`,
    });
  }

  /** The run's colours (text/colours.ts), decided once: by init, or by catch() when init did not get that far. */
  private async decideColours(flag: boolean | undefined): Promise<void> {
    if (this.coloursDecided) return;
    this.coloursDecided = true;
    await useColourLevel({ flag, env: process.env, stdoutIsTTY: process.stdout.isTTY === true });
  }

  /** THE error handler: every failure of every command ends here. */
  protected override async catch(err: Error & { exitCode?: number }): Promise<never> {
    // this.exit(n) is not a failure to report.
    if (err instanceof Errors.ExitError) throw err;
    // A failure before the flags were read (a usage error): --color / --no-color as the words before `--` say.
    const words = optionWords(this.argv);
    await this.decideColours(words.includes('--no-color') ? false : words.includes('--color') ? true : undefined);
    const failure = interruptedFailure(this.failureOf(this.withFlagSuggestion(err)), this.interrupts);
    const format = this.baseFlagValues ? this.outputFormat : this.jsonEnabled() ? 'json' : outputFromArgv(this.argv);
    const machine = format === 'json' || format === 'yaml';
    if (machine && this.pendingResult !== undefined) this.writePendingResult(failure);
    else if (machine && this.lineMode === 'watch') this.writeErrorLine(failure);
    else if (machine && !this.documentWritten) {
      const document = errorDocument(failureJson(failure), { warnings: this.takeDocumentWarnings() });
      this.documentWritten = true;
      print(this.stdout, format === 'yaml' ? formatYaml(document) : formatJson(document));
    } else {
      // The documents above keep the broker's exact text; a terminal gets it escaped.
      const lines = [`${red('Error:')} ${escapeControl(failure.message)}`];
      if (failure.hint) lines.push(`${dim('Hint:')} ${escapeControl(failure.hint)}`);
      this.stderr.write(`${lines.join('\n')}\n`);
    }
    if (this.debugEnabled()) {
      for (
        let current: unknown = err, depth = 0;
        current instanceof Error && depth < 5;
        current = current.cause, depth++
      ) {
        const stack = redactText(current.stack ?? `${current.name}: ${current.message}`);
        this.stderr.write(`${escapeStackTrace(stack, redactText(current.message))}\n`);
      }
    }
    process.exitCode = failure.exitCode;
    throw new Errors.ExitError(failure.exitCode);
  }

  /** What the operator is told about a failure: exit code, message and hint, secrets masked. */
  private failureOf(err: unknown): Failure {
    const mapped = toFailure(err);
    return {
      exitCode: mapped.exitCode === ExitCode.Ok ? ExitCode.Error : mapped.exitCode,
      message: redactText(mapped.message),
      hint: mapped.hint === null ? null : redactText(mapped.hint),
      kafkaError: mapped.kafkaError,
    };
  }
}

function formatWireEvent(event: WireEvent): string {
  const size =
    event.responseBytes === undefined ? `${event.requestBytes}B` : `${event.requestBytes}B/${event.responseBytes}B`;
  const outcome = event.outcome === 'ok' ? 'ok' : `error: ${event.error ?? 'unknown'}`;
  return (
    `${event.api} v${event.version} (key ${event.apiKey}) -> ${event.broker}: ${outcome} in ` + `${event.ms}ms, ${size}`
  );
}

function resolveOutputFormat(json: boolean | undefined, output: string | undefined): OutputFormat {
  if (output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(output)) {
    throw new UsageError(`unknown output format '${output}'`, { hint: `use one of ${OUTPUT_FORMATS.join(', ')}` });
  }
  const format = output as OutputFormat | undefined;
  if (json === true) {
    if (format !== undefined && format !== 'json') {
      throw new UsageError(`--json conflicts with -o ${format}`, {
        hint: 'use one of them (--json is the same as -o json)',
      });
    }
    return 'json';
  }
  return format ?? 'table';
}

/** Text to a sink: pulled with backpressure by an OutputStream, joined for a plain sink (tests). */
function print(sink: TextSink, text: Printable): void {
  if (sink instanceof OutputStream) sink.write(text);
  else sink.write(typeof text === 'string' ? text : [...text].join(''));
}

function flushed(sink: TextSink): Promise<void> {
  return sink instanceof OutputStream ? sink.flushed() : Promise.resolve();
}

/** The flag a mistyped one most likely meant: a few edits away, or one name inside the other. */
function closestFlag(typed: string, known: readonly string[]): string | undefined {
  const inside = known
    .filter((k) => typed.length >= 4 && k.length >= 4 && (typed.startsWith(k) || k.startsWith(typed)))
    .sort((a, b) => b.length - a.length)[0];
  return inside ?? closestKey(typed, known, Math.max(2, Math.floor(typed.length / 3)));
}
