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

const DESTINATION_ONLY_SECRETS = ['KMIRROR_SASL_PASSWORD', 'KMIRROR_SASL_OAUTH_TOKEN', 'KMIRROR_TLS_KEY_PASSWORD'];

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

const REACH_FLAGS = new Set([...Object.values(FLAG_OF_SETTING), 'profile', 'protocol', 'api-keys', 'api-versions']);

export abstract class ConnectedCommand extends OutputCommand {
  protected deadline: Deadline = new Deadline(DEFAULT_TIMEOUT_MS);
  protected interrupts: ChangeInterruptWatch | undefined;
  private connectionPromise: Promise<ConnectionConfig> | undefined;
  private clientPromise: Promise<KafkaClient> | undefined;
  protected bootstrapLists: string[] = [];
  private estateClients: KafkaClient[] = [];
  protected givenFlags: { name: string; input: string }[] = [];
  protected activeProfile: { name: string; profile: Profile } | undefined;
  protected dialect: Dialect = prototypeDialect();

  protected async connection(): Promise<ConnectionConfig> {
    this.connectionPromise ??= this.buildConnection();
    return this.connectionPromise;
  }

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

  protected openedClient(): Promise<KafkaClient> | undefined {
    return this.clientPromise;
  }

  protected readonly openSource = async (settings: ConnectionConfig): Promise<KafkaClient> => {
    const { createClient } = await import('../../kafka/connect.js');
    return createClient(settings, this.deadline, this.wireTracer('source'));
  };

  protected openSourceWithin(ms: number): (settings: ConnectionConfig) => Promise<KafkaClient> {
    return async (settings) => {
      const { createClient } = await import('../../kafka/connect.js');
      const budget = new Deadline(Math.max(1, Math.min(ms, this.deadline.remainingMs())));
      return createClient(settings, budget, this.wireTracer('source'));
    };
  }

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

  protected wireTracer(label?: string): (event: WireEvent) => void {
    return (event) => this.trace(() => `${label ? `[${label}] ` : ''}${formatWireEvent(event)}`);
  }

  protected reachArgs(): string {
    const words: string[] = [];
    for (const { name, input } of this.givenFlags) {
      if (!REACH_FLAGS.has(name)) continue;
      if (input.startsWith('--')) words.push(input.split('=')[0] ?? input);
      else words.push(name === 'bootstrap-server' ? '-b' : `--${name}`, shellQuote(input));
    }
    return words.length === 0 ? '' : ` ${words.join(' ')}`;
  }

  /** Every client gets `clusterMs` of the --timeout budget, so a cluster that cannot be reached fails alone. */
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

  protected async configFileSettings(path: string | undefined): Promise<string[]> {
    if (path === '-' && this.baseFlagValues?.['sasl-password-stdin'])
      throw new UsageError('--config-file - and --sasl-password-stdin both read stdin', {
        hint: 'give the settings as a file (--config-file FILE), or the password in KMIRROR_SASL_PASSWORD',
      });
    return settingsFile(path, () => this.deadline.race(readStdinText(), 'reading --config-file - from stdin'));
  }

  /** A second cluster's whole connection comes from its profile alone, never from this command's KMIRROR_* secrets. */
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

  protected async sourceAccess(flags: {
    readonly 'source-config'?: string;
    readonly 'source-profile'?: string;
  }): Promise<SourceAccess> {
    const fromFile = sourceConfigInput(flags['source-config'], (m) => this.warning(m));
    const profile = flags['source-profile'];
    return profile === undefined ? fromFile : { ...fromFile, sourceProfile: await this.profileConnection(profile) };
  }

  protected async sourceCheck(flags: SourceCheckFlagValues): Promise<SourceCheckPolicy> {
    const warn = (m: string): void => this.warning(m);
    return sourceCheckPolicy(flags, await this.sourceAccess(flags), (ms) => this.openSourceWithin(ms), warn);
  }

  protected async sourceProfileOf(flags: {
    readonly 'source-profile'?: string;
  }): Promise<{ sourceProfile?: ConnectionConfig }> {
    const name = flags['source-profile'];
    return name === undefined ? {} : { sourceProfile: await this.profileConnection(name) };
  }

  protected async clusterLabel(): Promise<string> {
    const bootstrap = (await this.connection()).bootstrap.join(',');
    return this.activeProfile ? `profile ${this.activeProfile.name} (${bootstrap})` : bootstrap;
  }

  protected async confirmSettingsOn(yes: boolean | undefined) {
    return { ...this.confirmSettings(yes), cluster: await this.clusterLabel() };
  }

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
