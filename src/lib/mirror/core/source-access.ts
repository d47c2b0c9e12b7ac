// How this machine reaches a mirror's source: a saved profile (--source-profile), else the settings the
// mirror stores with --source-config laid over them. One rule for the source check, diff, groups and --wait.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { PropertyEntry } from '../../connection/properties-file.js';
import { sourceConnection } from './source-client.js';

export interface SourceAccess {
  readonly sourceConfig?: ReadonlyMap<string, PropertyEntry>;
  readonly sourceConfigName?: string;
  readonly sourceProfile?: ConnectionConfig;
}

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

export function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.length > 0 ? parts.join(': ') : String(err);
}
