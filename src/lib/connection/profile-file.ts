// Saved connection profiles: one YAML file in the XDG config directory
// ($XDG_CONFIG_HOME/kmirror/profiles.yaml, else ~/.config/kmirror/profiles.yaml), written with mode
// 0600. The file is edited as a YAML document, not rebuilt from our types, so keys this version does
// not know (added by a later kmirror, or by hand) and comments survive every change.

import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Document } from 'yaml';
import { SettingsError } from './errors.js';
import { type Profile, profileFromYaml, profileToYaml } from './profile-yaml.js';

// yaml loads only when a profiles file is read or written (CommonJS for Node: a synchronous require keeps
// the store synchronous); most runs have no profiles file, and make no require function for it either.
let require_: NodeJS.Require | undefined;
const yaml = (): typeof import('yaml') =>
  (require_ ??= createRequire(import.meta.url))('yaml') as typeof import('yaml');

export const PROFILE_FILE_NAME = 'profiles.yaml';

const HEADER =
  ' kmirror connection profiles (kmirror profile --help; format: README "Profiles").\n' +
  ' Secrets are references (env, file, prompt) unless saved with --store-secret.';

/** Where the profiles file lives for this environment. */
export function profileFilePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'kmirror', PROFILE_FILE_NAME);
}

/** A profile name: letters, digits, '.', '_' and '-', starting with a letter or digit. */
export function checkProfileName(name: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new SettingsError(`'${name}' is not a valid profile name`, {
      hint: "use letters, digits, '.', '_' and '-' (up to 64), starting with a letter or digit",
    });
  }
}

export class ProfileStore {
  private constructor(
    readonly path: string,
    private readonly doc: Document,
  ) {}

  /** Reads the file (an empty store when it does not exist yet). */
  static load(path: string): ProfileStore {
    if (!existsSync(path)) {
      const doc = new (yaml().Document)({ 'current-profile': null, profiles: {} });
      doc.commentBefore = HEADER;
      return new ProfileStore(path, doc);
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new SettingsError(`cannot read the profiles file ${path}: ${(err as Error).message}`, { cause: err });
    }
    let doc: Document = yaml().parseDocument(text);
    if (doc.errors.length > 0) {
      throw new SettingsError(`${path} is not valid YAML: ${doc.errors[0]?.message ?? ''}`.trim(), {
        hint: 'fix the file by hand, or move it away and create the profiles again',
      });
    }
    if (doc.contents !== null && !yaml().isMap(doc.contents)) {
      throw new SettingsError(`${path}: expected a mapping with 'profiles' at the top`);
    }
    if (doc.contents === null) doc = new (yaml().Document)({ 'current-profile': null, profiles: {} });
    const profiles = doc.get('profiles');
    if (profiles !== undefined && profiles !== null && !yaml().isMap(profiles)) {
      throw new SettingsError(`${path}: 'profiles' must be a mapping of name to profile`);
    }
    return new ProfileStore(path, doc);
  }

  names(): string[] {
    const profiles = this.doc.get('profiles');
    if (!yaml().isMap(profiles)) return [];
    return profiles.items.map((pair) => String((pair.key as { value?: unknown })?.value ?? pair.key));
  }

  has(name: string): boolean {
    return this.doc.hasIn(['profiles', name]);
  }

  current(): string | undefined {
    const value = this.doc.get('current-profile');
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  setCurrent(name: string | undefined): void {
    this.doc.set('current-profile', name ?? null);
  }

  /** The profile as this version understands it; throws SettingsError naming the file on a bad value. */
  get(name: string): Profile {
    const node = this.doc.getIn(['profiles', name]);
    if (node === undefined) throw unknownProfile(name, this);
    const plain: unknown = yaml().isMap(node) ? node.toJSON() : node;
    return profileFromYaml(plain, `${this.path}: profile '${name}'`);
  }

  /** Writes the settings this version knows; keys it does not know are left as they are. */
  put(name: string, profile: Profile): void {
    if (!this.doc.hasIn(['profiles'])) this.doc.set('profiles', this.doc.createNode({}));
    const known = profileToYaml(profile);
    const existing = this.doc.getIn(['profiles', name]);
    if (!yaml().isMap(existing)) {
      this.doc.setIn(['profiles', name], this.doc.createNode(known));
      return;
    }
    for (const key of KNOWN_TOP_KEYS) {
      if (known[key] === undefined) existing.delete(key);
      else existing.set(key, this.doc.createNode(known[key]));
    }
  }

  delete(name: string): void {
    this.doc.deleteIn(['profiles', name]);
    if (this.current() === name) this.setCurrent(undefined);
  }

  rename(from: string, to: string): void {
    const profiles = this.doc.get('profiles');
    if (!yaml().isMap(profiles)) throw unknownProfile(from, this);
    const pair = profiles.items.find((p) => String((p.key as { value?: unknown })?.value ?? p.key) === from);
    if (!pair) throw unknownProfile(from, this);
    pair.key = this.doc.createNode(to);
    if (this.current() === from) this.setCurrent(to);
  }

  /** Saves atomically with mode 0600 (the directory 0700 when created). */
  save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, this.doc.toString(), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.path);
  }
}

const KNOWN_TOP_KEYS = [
  'bootstrap-server',
  'command-config',
  'tls',
  'sasl',
  'protocol',
  'api-keys',
  'api-versions',
  'defaults',
] as const;

export function unknownProfile(name: string, store: ProfileStore): SettingsError {
  const names = store.names();
  return new SettingsError(`no profile named '${name}' in ${store.path}`, {
    hint:
      names.length === 0
        ? 'create one: kmirror profile create NAME -b host:port'
        : `known profiles: ${names.join(', ')} (kmirror profile list)`,
  });
}
