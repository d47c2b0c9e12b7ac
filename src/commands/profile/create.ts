import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../../lib/cli/command/base-command.js';
import { parseDuration } from '../../lib/cli/flags/duration.js';
import { OUTPUT_FORMATS } from '../../lib/cli/flags/flags.js';
import { profileFilePath } from '../../lib/connection/profile-file.js';
import {
  type ProfileChangeJson,
  ProfileStore,
  buildProfile,
  createProfile,
} from '../../lib/connection/profile-operations.js';
import { renderProfileChange } from '../../lib/render/profile.js';

export type ProfileCreateJson = ProfileChangeJson;

export default class ProfileCreate extends BaseCommand<typeof ProfileCreate> {
  static override summary = 'Save the connection flags as a named profile';
  static override description =
    'Saves the destination bootstrap, the TLS and SASL settings and defaults given on this command line (not ' +
    'KMIRROR_* variables) under NAME in $XDG_CONFIG_HOME/kmirror/profiles.yaml (else ~/.config/kmirror), mode ' +
    '0600. Secrets are saved as references: --sasl-password-env, --sasl-password-file, --sasl-password-prompt, ' +
    '--sasl-oauth-token-file or --sasl-oauth-token-env. A password read with --sasl-password-stdin is saved only ' +
    'with --store-secret. The first profile becomes the current one; --use makes this one current.';
  static override examples = [
    '<%= config.bin %> profile create prod -b kafka1:9093,kafka2:9093 --tls-ca ca.pem --sasl-mechanism ' +
      'scram-sha-512 --sasl-username admin --sasl-password-env KAFKA_PASSWORD',
    '<%= config.bin %> profile create local -b localhost:9092 --use',
    '<%= config.bin %> profile create ci --command-config client.properties --default-output json',
  ];
  static override appliesProfile = false;
  // Its help points to `kmirror help connection`: the shared connection flags are what it saves.
  static savesConnection = true;

  static override args = { name: Args.string({ description: 'profile name', required: true }) };

  static override flags = {
    use: Flags.boolean({ summary: 'make it the current profile' }),
    overwrite: Flags.boolean({ summary: 'replace a profile of the same name' }),
    'store-secret': Flags.boolean({
      summary: 'save the password read with --sasl-password-stdin in the profile file itself (mode 0600)',
    }),
    'sasl-password-env': Flags.string({ summary: 'take the SASL password from this variable', helpValue: '<NAME>' }),
    'sasl-password-file': Flags.string({ summary: 'take the SASL password from this file', helpValue: '<file>' }),
    'sasl-password-prompt': Flags.boolean({ summary: 'ask for the SASL password on the terminal each time' }),
    'sasl-oauth-token-env': Flags.string({
      summary: 'take the OAUTHBEARER token from this variable',
      helpValue: '<NAME>',
    }),
    'default-output': Flags.option({
      summary: 'output format of commands using this profile',
      options: OUTPUT_FORMATS,
    })(),
    'default-timeout': Flags.string({
      summary: '--timeout of commands using this profile (30s, 2m)',
      helpValue: '<duration>',
    }),
  };

  async run(): Promise<ProfileChangeJson> {
    const f = this.flags;
    // Only what was typed here is saved: a KMIRROR_* variable of this shell is not part of the profile.
    const given = new Set(this.givenFlags.map((g) => g.name));
    const typed = <V>(name: string, value: V): V | undefined => (given.has(name) ? value : undefined);
    if (f['default-timeout'] !== undefined) parseDuration(f['default-timeout'], '--default-timeout');
    const passwordFromStdin =
      f['sasl-password-stdin'] === true && given.has('sasl-password-stdin')
        ? await this.passwordFromStdin()
        : undefined;
    const profile = buildProfile({
      bootstrapServer: typed('bootstrap-server', f['bootstrap-server']),
      commandConfig: typed('command-config', f['command-config']),
      saslMechanism: typed('sasl-mechanism', f['sasl-mechanism']),
      saslUsername: typed('sasl-username', f['sasl-username']),
      saslOauthTokenFile: typed('sasl-oauth-token-file', f['sasl-oauth-token-file']),
      saslOauthTokenEnv: f['sasl-oauth-token-env'],
      saslPasswordEnv: f['sasl-password-env'],
      saslPasswordFile: f['sasl-password-file'],
      saslPasswordPrompt: f['sasl-password-prompt'],
      saslPasswordValue: passwordFromStdin,
      storeSecret: f['store-secret'],
      tls: typed('tls', f.tls),
      tlsCa: typed('tls-ca', f['tls-ca']),
      tlsCert: typed('tls-cert', f['tls-cert']),
      tlsKey: typed('tls-key', f['tls-key']),
      tlsInsecure: typed('tls-insecure', f['tls-insecure']),
      protocol: typed('protocol', f.protocol),
      apiKeys: typed('api-keys', f['api-keys']),
      apiVersions: typed('api-versions', f['api-versions']),
      defaultOutput: f['default-output'],
      defaultTimeout: f['default-timeout'],
    });
    const store = ProfileStore.load(profileFilePath());
    const result = createProfile(store, this.args.name, profile, { use: f.use, overwrite: f.overwrite });
    this.render(result, renderProfileChange('Saved'));
    return result;
  }
}
