// Kafka config providers (${provider:path:key}) in a properties file, so files that keep secrets elsewhere work.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsError } from './errors.js';
import { type PropertyEntry, readPropertiesFile } from './properties-file.js';

// Kafka config providers (${provider:path:key}), so files that keep secrets elsewhere still work.

const PROVIDER_REFERENCE = /\$\{([^}]*?):(?:([^}]*?):)?([^}]*?)\}/g;

export function resolveConfigProviders(
  entries: Map<string, PropertyEntry>,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
): void {
  const aliases = entries.get('config.providers')?.value;
  if (!aliases) return;
  const providers = new Map<string, string>();
  for (const alias of aliases
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const cls = entries.get(`config.providers.${alias}.class`)?.value ?? '';
    providers.set(alias, cls.slice(cls.lastIndexOf('.') + 1));
  }
  for (const [key, entry] of entries) {
    if (!entry.value.includes('${')) continue;
    const value = entry.value.replace(
      PROVIDER_REFERENCE,
      (reference, alias: string, path: string | undefined, name: string) => {
        const kind = providers.get(alias);
        if (kind === undefined) return reference; // not a configured provider: Kafka leaves it as is
        const fail = (why: string): SettingsError =>
          new SettingsError(`${file} line ${entry.line}: cannot resolve ${reference} for '${key}': ${why}`);
        switch (kind) {
          case 'FileConfigProvider': {
            if (!path) throw fail('the file provider needs ${alias:path:key}');
            const found = readPropertiesFile(path, `config provider '${alias}'`).get(name);
            if (!found) throw fail(`no key '${name}' in ${path}`);
            return found.value;
          }
          case 'DirectoryConfigProvider': {
            if (!path) throw fail('the directory provider needs ${alias:directory:file}');
            if (!readdirSync(path).includes(name)) throw fail(`no file '${name}' in ${path}`);
            return readFileSync(join(path, name), 'utf8');
          }
          case 'EnvVarConfigProvider': {
            const found = env[name];
            if (found === undefined) throw fail(`environment variable ${name} is not set`);
            return found;
          }
          default:
            throw fail(
              `config provider class '${kind || '(none)'}' is not supported (kmirror supports ` +
                `FileConfigProvider, DirectoryConfigProvider and EnvVarConfigProvider)`,
            );
        }
      },
    );
    entries.set(key, { ...entry, value });
  }
}
