import { createRequire } from 'node:module';
import { BaseCommand } from '../lib/cli/command/base-command.js';

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
    /** The wire format spoken (--protocol, or the profile's): the prototype of KIP-1279, or the KIP draft. */
    protocol: string;
    /** How messages name it. */
    title: string;
    /** Where its mirror RPCs are looked for: the dialect's keys, or --api-keys / the profile's. */
    apiKeys: Record<string, number>;
    /** How topic and group patterns are read: Java regexes (java.util.regex), as the broker reads them. */
    patterns: 'java.util.regex';
  };
}

export default class Version extends BaseCommand<typeof Version> {
  static override summary = 'Show the versions of kmirror, Node and oclif, and the protocol dialect it speaks';
  static override examples = ['<%= config.bin %> version', '<%= config.bin %> version --json'];
  // Shows the profile's dialect, yet answers even when the profile file is broken (then without it).
  static override appliesProfile = 'when-readable' as const;

  async run(): Promise<VersionJson> {
    const require = createRequire(import.meta.url);
    const oclif = (require('@oclif/core/package.json') as { version: string }).version;
    const apiKeys = Object.fromEntries(
      this.dialect.mirrorApis.map((api) => [api.name, this.dialect.apiKeys.keyOf(api)] as const),
    );
    const result: VersionJson = {
      userAgent: this.config.userAgent,
      version: this.config.version,
      node: process.version,
      oclif,
      platform: process.platform,
      arch: process.arch,
      dialect: { protocol: this.dialect.name, title: this.dialect.title, apiKeys, patterns: 'java.util.regex' },
    };
    this.render(result, (r) =>
      [
        r.userAgent,
        `oclif ${r.oclif}, Node.js ${r.node}`,
        `Protocol: ${r.dialect.title} (--protocol ${r.dialect.protocol}), mirror API keys ${Object.entries(
          r.dialect.apiKeys,
        )
          .map(([name, key]) => `${name}=${key}`)
          .join(', ')}`,
        'Patterns: Java regular expressions (java.util.regex), matched against whole names',
      ].join('\n'),
    );
    return result;
  }
}
