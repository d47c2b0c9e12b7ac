// --source-config: a client properties file for reaching a mirror's source from this machine, read before any
// request and laid over the settings the mirror stores.

import { readClientPropertiesFile } from '../../connection/connection-config.js';
import type { PropertyEntry } from '../../connection/properties-file.js';

export function sourceConfigInput(
  file: string | undefined,
  warn: (message: string) => void,
): { sourceConfig?: Map<string, PropertyEntry>; sourceConfigName?: string } {
  if (file === undefined) return {};
  return {
    sourceConfig: readClientPropertiesFile(file, '--source-config', { warn }),
    sourceConfigName: `--source-config '${file}'`,
  };
}
