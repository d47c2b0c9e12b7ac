// A command run without oclif's Config.load (issue 12). bin/run.cjs takes this path for a run that names one of
// kmirror's commands and shows no help, when nothing such a run reads needs the loaded configuration: no oclif
// plugins, no hook but command_not_found (which only an unknown command calls), no DEBUG, no --debug or
// KMIRROR_DEBUG, and a user agent bin/user-agent.cjs can tell (not WSL). oclif's load finds and reads
// package.json, the manifest, the theme file and the user plugins' package.json, and works out directories,
// shell and platform that no command run reads: ~6 % of a short command's instructions. Everything else is
// oclif's as before: the command class's _run (init, oclif's parser, run, catch, finally) and handle() for
// what escapes it. The configuration a run reads is made here from the same facts (test/bin/direct-run.test.ts
// runs command lines both ways and compares, and checks that none reads a field not made here).

import type { Command } from '@oclif/core/command';
import type { Config } from '@oclif/core/config';
import { debuglog } from 'node:util';

const debug = debuglog('kmirror');

/** A command as the run manifest lists it (scripts/run-manifest.mjs): what finding its id needs. */
export interface ManifestCommand {
  readonly aliases?: readonly string[];
  readonly args?: Readonly<Record<string, unknown>>;
  readonly strict?: boolean;
}

export interface PackageJson {
  readonly name: string;
  readonly version?: string;
  readonly oclif: { readonly bin?: string; readonly topicSeparator?: string };
}

export interface DirectRunInputs {
  readonly root: string;
  readonly pjson: PackageJson;
  /** oclif's config.userAgent, as bin/user-agent.cjs builds it. */
  readonly userAgent: string;
  readonly commands: Readonly<Record<string, ManifestCommand>>;
}

type CommandClass = (new (argv: string[], config: Config) => Command & { _run(): Promise<unknown> }) & {
  id: string;
};

/** What oclif's Command, its parser and kmirror's commands read of the configuration during a run. */
export function directConfig(inputs: DirectRunInputs): Config {
  const { pjson } = inputs;
  const bin = pjson.oclif.bin ?? pjson.name;
  // oclif's scopedEnvVarKey(s) for a bin without aliases: `kmirror` + `DEBUG` → KMIRROR_DEBUG
  const scopedEnvVarKey = (key: string): string =>
    [bin, key]
      .map((part) => part.replaceAll('@', '').replaceAll(/[/-]/g, '_'))
      .join('_')
      .toUpperCase();
  const ids = Object.entries(inputs.commands).flatMap(([id, command]) => [id, ...(command.aliases ?? [])]);
  const config = {
    root: inputs.root,
    pjson,
    name: pjson.name,
    version: pjson.version || '0.0.0',
    bin,
    userAgent: inputs.userAgent,
    topicSeparator: pjson.oclif.topicSeparator === ' ' ? ' ' : ':',
    theme: undefined,
    commandIDs: ids,
    // oclif's own has the whole manifest entry; a run reads an id's strictness and arguments (normalizeArgv)
    findCommand: (id: string) => {
      const found = Object.entries(inputs.commands).find(([key, c]) => key === id || c.aliases?.includes(id));
      return found ? { ...found[1], id: found[0] } : undefined;
    },
    scopedEnvVarKey,
    scopedEnvVarKeys: (key: string) => [scopedEnvVarKey(key)],
    // oclif: the value of the first key whose value is not empty
    scopedEnvVar: (key: string) => process.env[scopedEnvVarKey(key)] || undefined,
    // no plugin and no hook a known command's run calls (bin/run.cjs checks the package before choosing this path)
    runHook: async () => ({ successes: [], failures: [] }),
  };
  // A field this object lacks reads as undefined, where oclif's would hold something: NODE_DEBUG=kmirror says so
  // (test/bin/direct-run.test.ts requires that no command line it runs reads one).
  const missing = new Proxy(config, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target)) debug(`direct run: config.${key} read, which it does not hold`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return missing as unknown as Config;
}

/** Runs the command as oclif's main run would after its load: the class's id set, then its _run. */
export async function runDirect(
  commandClass: CommandClass,
  id: string,
  argv: readonly string[],
  config: Config,
): Promise<unknown> {
  commandClass.id = id;
  return new commandClass([...argv], config)._run();
}
