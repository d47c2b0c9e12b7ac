// --source-config and --source-profile, read and checked before any request: how a command that
// reads the mirror's SOURCE (add-topics, groups, diff) reaches it from this machine.

import { readClientPropertiesFile } from '../connection/connection-config.js';
import type { SourceAccess } from '../mirror/mirror-side.js';

export function sourceConfigInput(
  path: string | undefined,
  warn: (message: string) => void,
): Pick<SourceAccess, 'sourceConfig' | 'sourceConfigName'> {
  if (path === undefined) return {};
  const sourceConfig = readClientPropertiesFile(path, '--source-config', { warn });
  return { sourceConfig, sourceConfigName: `--source-config '${path}'` };
}
