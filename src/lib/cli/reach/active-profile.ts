// Which saved profile a command uses: --profile / KMIRROR_PROFILE, else the file's current profile,
// else none. The profiles file is read only when it exists, so commands without profiles pay nothing.

import { existsSync } from 'node:fs';
import type { Profile } from '../../connection/profile-yaml.js';
import { ProfileStore, profileFilePath, unknownProfile } from '../../connection/profile-file.js';

export function activeProfile(
  named: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { name: string; profile: Profile } | undefined {
  const path = profileFilePath(env);
  if (!existsSync(path)) {
    if (named === undefined) return undefined;
    throw unknownProfile(named, ProfileStore.load(path));
  }
  const store = ProfileStore.load(path);
  const name = named ?? store.current();
  if (name === undefined) return undefined;
  if (!store.has(name)) throw unknownProfile(name, store);
  return { name, profile: store.get(name) };
}
