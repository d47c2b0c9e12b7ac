// Saved connection profiles: one YAML file in the XDG config directory, mode 0600, edited as a YAML document so
// keys this version does not know and comments survive every change.

import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Document } from 'yaml';
import { SettingsError } from './errors.js';
import { type Profile, profileFromYaml, profileToYaml } from './profile-yaml.js';

// yaml loads only when a profiles file is read or written (CommonJS: a synchronous require keeps the store sync).
let require_: NodeJS.Require | undefined;
const yaml = (): typeof import('yaml') =>
  (require_ ??= createRequire(import.meta.url))('yaml') as typeof import('yaml');

export const PROFILE_FILE_NAME = 'profiles.yaml';

const HEADER =
  ' kmirror connection profiles (kmirror profile --help; format: README "Profiles").\n' +
  ' Secrets are references (env, file, prompt) unless saved with --store-secret.';

export function profileFilePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'kmirror', PROFILE_FILE_NAME);
}

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

  get(name: string): Profile {
    const node = this.doc.getIn(['profiles', name]);
    if (node === undefined) throw unknownProfile(name, this);
    const plain: unknown = yaml().isMap(node) ? node.toJSON() : node;
    return profileFromYaml(plain, `${this.path}: profile '${name}'`);
  }

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
