// Where each connection setting comes from, highest first: the command line (flags, and the
// --command-config file named there), KMIRROR_* variables, then the active profile. oclif has already
// merged the variables into the flag values; this puts the file above them when the file was named on
// the command line, and fills what is still unset from the profile unless the file sets it.

import type { ConnectionFlagValues } from './connection-config.js';

type FlagName = keyof ConnectionFlagValues;

/** The properties-file keys that give the same setting as each flag. */
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
  /** Values that came from KMIRROR_* variables and yield to the file (it was named on the command line). */
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
