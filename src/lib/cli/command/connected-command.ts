// The connection half of every command: the destination's settings (flags, KMIRROR_*, --command-config, the
// active profile), its client (bounded by --timeout, traced by --debug, closed at the end), clients to a mirror's
// source, and the flags a printed "Next:" command repeats to reach the same cluster.

import type { KafkaClient, WireEvent } from '../../kafka/client.js';
import { type Dialect, prototypeDialect } from '../../kafka/dialect.js';
import {
  type ConnectionConfig,
  type ConnectionFlagValues,
  resolveConnectionConfig,
} from '../../connection/connection-config.js';
import { type Profile, profileConnectionValues } from '../../connection/profile-yaml.js';
import { UsageError } from '../failures/errors.js';
import { DEFAULT_TIMEOUT_MS } from '../flags/flags.js';
import { readStdinText, settingsFile } from '../flags/setting-args.js';
import { shellQuote } from '../../text/shell-words.js';
import { activeProfile } from '../reach/active-profile.js';
import { askSecret } from '../reach/secret-prompt.js';
import { sourceConfigInput } from '../reach/source-input.js';
import { type SourceCheckFlagValues, sourceCheckPolicy } from '../flags/source-check-flags.js';
import type { SourceCheckPolicy } from '../../mirror/core/source-check.js';
import { readFirstLine } from '../reach/stdin-line.js';
import type { ChangeInterruptWatch } from './change-interrupt-watch.js';
import { Deadline } from './deadline.js';
import { OutputCommand, formatWireEvent } from './output-command.js';
import { type SourceAccess } from '../../mirror/core/source-access.js';
import type { EstateTarget } from '../../mirror/topology/cluster-snapshot.js';

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

/** The active profile, when this command applies one; `when-readable` carries on without an unreadable file. */
export function readProfile(
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

export abstract class ConnectedCommand extends OutputCommand {
  /** The --timeout budget of the whole command. */
  protected deadline: Deadline = new Deadline(DEFAULT_TIMEOUT_MS);
  /** Set for a command that changes state (change-interrupt-watch.ts). */
  protected interrupts: ChangeInterruptWatch | undefined;
  private connectionPromise: Promise<ConnectionConfig> | undefined;
  private clientPromise: Promise<KafkaClient> | undefined;
  /** -b as given to a command that takes it once per cluster (estate-flags.ts), in order. */
  protected bootstrapLists: string[] = [];
  /** The clients of estateTargets, closed with the command's own. */
  private estateClients: KafkaClient[] = [];
  /** The flags given on the command line itself (not from KMIRROR_* variables), in order. */
  protected givenFlags: { name: string; input: string }[] = [];
  /** The profile in use (--profile, KMIRROR_PROFILE, or the current one), if any. */
  protected activeProfile: { name: string; profile: Profile } | undefined;
  /** Which messages the cluster speaks and on which keys (--protocol, --api-keys, --api-versions). */
  protected dialect: Dialect = prototypeDialect();

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
      const { createClient } = await import('../../kafka/connect.js');
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

  /** The client the command opened, if it opened one (for a hint that asks the cluster once more). */
  protected openedClient(): Promise<KafkaClient> | undefined {
    return this.clientPromise;
  }

  /** Opens a client to another cluster (the source of a mirror), bounded by --timeout, traced as [source]. */
  protected readonly openSource = async (settings: ConnectionConfig): Promise<KafkaClient> => {
    const { createClient } = await import('../../kafka/connect.js');
    return createClient(settings, this.deadline, this.wireTracer('source'));
  };

  /**
   * A client to another cluster with its own budget of at most `ms` (within --timeout): for probes
   * whose failure is only reported (`check` asking each mirror's source).
   */
  protected openSourceWithin(ms: number): (settings: ConnectionConfig) => Promise<KafkaClient> {
    return async (settings) => {
      const { createClient } = await import('../../kafka/connect.js');
      const budget = new Deadline(Math.max(1, Math.min(ms, this.deadline.remainingMs())));
      return createClient(settings, budget, this.wireTracer('source'));
    };
  }

  /** What a switchover service needs of the command: the source client, its messages and the --timeout budget. */
  protected commandHooks(): {
    openSource: (settings: ConnectionConfig) => Promise<KafkaClient>;
    warn: (message: string) => void;
    note: (message: string) => void;
    deadline: Deadline;
  } {
    return {
      openSource: this.openSource,
      warn: (m) => this.warning(m),
      note: (m) => this.note(m),
      deadline: this.deadline,
    };
  }

  /** The --debug trace of one client's requests; `label` names a second cluster (the source). */
  protected wireTracer(label?: string): (event: WireEvent) => void {
    return (event) => this.trace(() => `${label ? `[${label}] ` : ''}${formatWireEvent(event)}`);
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

  /**
   * The clusters of an estate (topology, check across clusters): each saved profile named, then each -b
   * list with this command's connection flags; with neither, the one cluster the command would reach.
   * Every client gets `clusterMs` of the --timeout budget, so a cluster that cannot be reached fails alone.
   */
  protected async estateTargets(profiles: readonly string[], clusterMs: number): Promise<EstateTarget[]> {
    const connections: { label: string; settings: ConnectionConfig }[] = [];
    for (const name of profiles) connections.push({ label: name, settings: await this.profileConnection(name) });
    for (const list of this.bootstrapLists)
      connections.push({ label: list, settings: await this.buildConnection(list) });
    if (connections.length === 0) {
      const settings = await this.connection();
      connections.push({ label: this.activeProfile?.name ?? settings.bootstrap.join(','), settings });
    }
    const { createClient } = await import('../../kafka/connect.js');
    return connections.map(({ label, settings }) => {
      const budget = new Deadline(Math.max(1, Math.min(clusterMs, this.deadline.remainingMs())));
      const client = createClient({ ...settings, dialect: this.dialect }, budget, this.wireTracer(label));
      this.estateClients.push(client);
      return { label, bootstrap: settings.bootstrap.join(','), client };
    });
  }

  private async buildConnection(bootstrapList?: string): Promise<ConnectionConfig> {
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
        bootstrapServer: bootstrapList ?? f?.['bootstrap-server'],
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

  /** The one source-check policy (mirror/core/source-check.ts): --source-profile/--source-config/--no-source-check. */
  protected async sourceCheck(flags: SourceCheckFlagValues): Promise<SourceCheckPolicy> {
    const warn = (m: string): void => this.warning(m);
    return sourceCheckPolicy(flags, await this.sourceAccess(flags), (ms) => this.openSourceWithin(ms), warn);
  }

  /** --source-profile as the source input's sourceProfile (a whole connection from the saved profile), or nothing. */
  protected async sourceProfileOf(flags: {
    readonly 'source-profile'?: string;
  }): Promise<{ sourceProfile?: ConnectionConfig }> {
    const name = flags['source-profile'];
    return name === undefined ? {} : { sourceProfile: await this.profileConnection(name) };
  }

  /** The cluster a change acts on, for its confirmation: "profile prod (h1:9092,h2:9092)" or the bootstrap list. */
  protected async clusterLabel(): Promise<string> {
    const bootstrap = (await this.connection()).bootstrap.join(',');
    return this.activeProfile ? `profile ${this.activeProfile.name} (${bootstrap})` : bootstrap;
  }

  /** confirmSettings for a change to this command's cluster: the question names it (clusterLabel). */
  protected async confirmSettingsOn(yes: boolean | undefined) {
    return { ...this.confirmSettings(yes), cluster: await this.clusterLabel() };
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

  /** Closes the client, if one was made, without hiding the command's own error or holding the process open. */
  protected async closeClient(): Promise<void> {
    const pending = this.clientPromise;
    this.clientPromise = undefined;
    const estate = this.estateClients.splice(0);
    if (!pending && estate.length === 0) return;
    const close = (client: KafkaClient) => client.close().catch(() => undefined);
    const closing = Promise.all([pending?.then(close).catch(() => undefined), ...estate.map(close)]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }
}
