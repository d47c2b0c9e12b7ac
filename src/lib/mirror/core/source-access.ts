// How this machine reaches a mirror's source: a saved profile (--source-profile), else the settings the
// mirror stores with --source-config laid over them. One rule for the source check, diff, groups and --wait.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import { sourceConnection } from './source-client.js';

export interface SourceAccess {
  /** --source-config entries, already read. */
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
  /** A whole connection for the source (a saved profile), used instead of the stored keys. */
  readonly sourceProfile?: ConnectionConfig;
}

/** How this machine reaches the mirror's source: a profile, else the stored keys with --source-config on top. */
export async function sourceSettingsOf(
  side: { readonly mirror: string; readonly stored: ReadonlyMap<string, string> },
  access: SourceAccess,
  warn: (message: string) => void,
): Promise<ConnectionConfig> {
  if (access.sourceProfile) return access.sourceProfile;
  return sourceConnection(
    {
      mirror: side.mirror,
      stored: side.stored,
      ...(access.sourceConfig ? { override: access.sourceConfig } : {}),
      ...(access.sourceConfigName ? { overrideName: access.sourceConfigName } : {}),
    },
    warn,
  );
}

/** An error's message with those of its causes: what a refusal can say about a failure. */
export function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.length > 0 ? parts.join(': ') : String(err);
}
