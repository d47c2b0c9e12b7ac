import { createRequire } from 'node:module';
import { BaseCommand } from '../lib/cli/base-command.js';
import { DEFAULT_MIRROR_API_KEYS } from '../lib/kafka/mirror-api-keys.js';

/** What kmirror is and speaks: its version, Node's, oclif's, the wire dialect and API keys, the regex dialect. */
export interface VersionJson {
  /** The line `kmirror --version` prints (oclif's user agent). */
  userAgent: string;
  version: string;
  node: string;
  oclif: string;
  platform: string;
  arch: string;
  dialect: {
    /** The wire format kmirror speaks: the public prototype of KIP-1279 (aiven/inkless, inkless-linking). */
    protocol: 'kip-1279-prototype';
    /** Where the mirror RPCs are looked for: the prototype's keys, or --api-keys / the profile's. */
    apiKeys: Record<string, number>;
    /** How topic and group patterns are read: Java regexes (java.util.regex), as the broker reads them. */
    patterns: 'java.util.regex';
  };
}

export default class Version extends BaseCommand<typeof Version> {
  static override summary = 'Show the versions of kmirror, Node and oclif, and the protocol dialect it speaks';
  static override examples = ['<%= config.bin %> version', '<%= config.bin %> version --json'];
  // Answers even when the profile file is broken; --api-keys still shows where the RPCs are looked for.
  static override appliesProfile = false;

  async run(): Promise<VersionJson> {
    const require = createRequire(import.meta.url);
    const oclif = (require('@oclif/core/package.json') as { version: string }).version;
    const apiKeys = Object.fromEntries(
      Object.entries(DEFAULT_MIRROR_API_KEYS).map(([name, apiKey]) => [name, this.apiKeys.keyOf({ name, apiKey })]),
    );
    const result: VersionJson = {
      userAgent: this.config.userAgent,
      version: this.config.version,
      node: process.version,
      oclif,
      platform: process.platform,
      arch: process.arch,
      dialect: { protocol: 'kip-1279-prototype', apiKeys, patterns: 'java.util.regex' },
    };
    this.render(result, (r) =>
      [
        r.userAgent,
        `oclif ${r.oclif}, Node.js ${r.node}`,
        `Protocol: the KIP-1279 prototype, mirror API keys ${Object.entries(r.dialect.apiKeys)
          .map(([name, key]) => `${name}=${key}`)
          .join(', ')}`,
        'Patterns: Java regular expressions (java.util.regex), matched against whole names',
      ].join('\n'),
    );
    return result;
  }
}
