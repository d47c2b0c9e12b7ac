// Where each connection setting comes from, highest first: the command line (with its --command-config file),
// KMIRROR_* variables (already merged into the flags by oclif), then the active profile.

import type { ConnectionFlagValues } from './connection-config.js';

type FlagName = keyof ConnectionFlagValues;

const FILE_KEYS: Partial<Record<FlagName, readonly string[]>> = {
  bootstrapServer: ['bootstrap.servers'],
  saslMechanism: ['sasl.mechanism'],
  saslUsername: ['sasl.jaas.config'],
  saslPasswordFallback: ['sasl.jaas.config'],
  tls: ['security.protocol'],
  tlsCa: ['ssl.truststore.location', 'ssl.truststore.certificates'],
  tlsCert: ['ssl.keystore.location', 'ssl.keystore.certificate.chain'],
  tlsKey: ['ssl.keystore.location', 'ssl.keystore.key'],
  tlsInsecure: ['ssl.endpoint.identification.algorithm'],
};

function fileSets(file: ReadonlyMap<string, unknown>, flag: FlagName): boolean {
  return (FILE_KEYS[flag] ?? []).some((key) => file.has(key));
}

export function layerFlagValues(
  flags: ConnectionFlagValues,
  file: ReadonlyMap<string, unknown>,
  profile: ConnectionFlagValues,
  belowFile: ReadonlySet<FlagName>,
): ConnectionFlagValues {
  const out: Record<string, unknown> = { ...flags };
  for (const name of belowFile) if (fileSets(file, name)) delete out[name];
  for (const [name, value] of Object.entries(profile) as [FlagName, unknown][]) {
    if (name === 'commandConfig' || value === undefined) continue;
    if (out[name] === undefined && !fileSets(file, name)) out[name] = value;
  }
  return out as ConnectionFlagValues;
}
