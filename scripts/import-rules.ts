// The import directions of DESIGN.md ("Layout"), as data read by scripts/import-graph.ts. Imports run one
// way, top to bottom:
//   commands → cli, prompt, render → mirror → connection, kafka → kafka/messages → kafka/wire
// A layer may import itself and the layers listed for it; `files` narrows a target layer to named files.

export interface LayerRule {
  /** Layers this one may import (its own files always). */
  readonly may: readonly string[];
  /** For some target layers: the only files of it this layer may import. */
  readonly files?: Readonly<Record<string, readonly string[]>>;
}

const KAFKA = ['kafka', 'kafka/messages', 'kafka/wire'];

export const LAYER_RULES: Readonly<Record<string, LayerRule>> = {
  commands: { may: ['cli', 'prompt', 'render', 'mirror', 'connection', 'text', ...KAFKA] },
  // The base command builds the client and maps domain and protocol errors: it knows mirror/ and kafka/. Its
  // error, warning and note lines are made terminal-safe by text/, as render/'s output is.
  cli: { may: ['mirror', 'connection', 'text', ...KAFKA] },
  // The only code that reads the TTY. Its refusals (no terminal, cancelled) are CLI errors with exit codes, so it
  // reads cli/errors and cli/exit-codes: a sideways edge within the top tier, never down into the domain.
  prompt: { may: ['cli'] },
  // Pure: result → string. Knows neither Kafka nor connections; mirror/ only for its result types. It reads
  // one constant of the masking code: the placeholder REDACTED, to say when a shown value was masked.
  render: { may: ['mirror', 'text'], files: { connection: ['src/lib/connection/redact.ts'] } },
  mirror: { may: ['connection', ...KAFKA] },
  // What a connection needs, for the CLI and the source client alike; it may name the transport's types (kafka/),
  // kafka/ never reads connection settings (it takes plain addresses and credentials).
  connection: { may: [...KAFKA] },
  kafka: { may: ['kafka/messages', 'kafka/wire'] },
  // Text for a terminal, imported by the renderers and the base command's own lines alike: the one sanitiser
  // (broker strings with control characters shown escaped; pure) and the run's colours (chalk by type only: the
  // base command hands the instance over, so chalk loads only when a run colours).
  text: { may: [] },
  // A definition file is data over the definition vocabulary of kafka/ (definition.ts); the mirror RPCs take their
  // default key from the one table of mirror API keys (mirror-api-keys.ts), which holds no other code.
  'kafka/messages': {
    may: ['kafka/wire'],
    files: { kafka: ['src/lib/kafka/definition.ts', 'src/lib/kafka/mirror-api-keys.ts'] },
  },
  'kafka/wire': { may: [] },
  // The emulator speaks the protocol and reuses mirror/'s pure helpers, never a service or the CLI.
  emulator: {
    may: [...KAFKA],
    files: {
      mirror: [
        'src/lib/mirror/config/config-keys.ts',
        'src/lib/mirror/core/list-value.ts',
        'src/lib/mirror/config/config-validation.ts',
        'src/lib/mirror/patterns/java-regex.ts',
        'src/lib/mirror/topics/topic-selection.ts',
      ],
    },
  },
  // Generators of the man pages and README reference (build time): they document the CLI's exit-code table.
  docs: { may: ['cli'] },
};

/** Target layers a layer may use for types only (`import type`): render/ reads result types, runs no domain. */
export const TYPE_ONLY_TARGETS: Readonly<Record<string, readonly string[]>> = {
  render: ['mirror', 'connection'],
};

/**
 * Named pure helpers of a type-only target that a layer may still call. render/ orders rows exactly as mirror/
 * sorts them (--sort lag, the lifecycle order of states), so the one ordering is shared, not copied.
 */
export const VALUES_ALLOWED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  render: {
    'src/lib/mirror/describe/lag.ts': ['orderedStates', 'displayedStates', 'displayState'],
    'src/lib/mirror/describe/describe-filters.ts': ['byLagDescending'],
    'src/lib/connection/redact.ts': ['REDACTED'],
    // Names in a message are cut the same way wherever the message is made.
    'src/lib/mirror/core/name-list.ts': ['nameList', 'formatCount'],
  },
};

/**
 * Folders inside a layer, and the folders of the same layer each may import (its own files always). Lower folders
 * (mirror/core/, mirror/patterns/) import no feature folder; the rules form no cycle, so no import circle runs
 * between files of two folders. A file directly in the layer's own folder is refused: every file has its room.
 */
export const FOLDER_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  mirror: {
    // What every part of the domain shares: its errors, the RPC sets, reaching the source, listing mirrors.
    core: [],
    patterns: ['core'],
    describe: ['core', 'patterns'],
    config: ['core', 'patterns', 'describe'],
    check: ['core', 'describe', 'config'],
    topics: ['core', 'patterns', 'describe', 'config'],
    lifecycle: ['core', 'patterns', 'describe', 'config', 'check'],
    groups: ['core', 'patterns', 'config'],
    diff: ['core', 'config'],
    metrics: ['core', 'describe', 'topology'],
    // Batch-by-batch comparison of a mirror's partitions on both clusters (kmirror verify, receipts).
    verify: ['core', 'describe', 'config'],
    switchover: ['core', 'patterns', 'describe', 'config', 'topics', 'lifecycle', 'groups', 'verify'],
    // The estate: several clusters read together (topology, check across clusters).
    topology: ['core', 'describe', 'config', 'check', 'switchover'],
  },
  cli: {
    // How a failure ends a run (exit codes, messages, hints): everything above may throw or map one.
    failures: [],
    // Reaching a cluster: profiles, secrets asked on the terminal, a second cluster's settings.
    reach: ['failures'],
    flags: ['failures', 'reach'],
    output: ['failures', 'flags'],
    // The command lifecycle, its output and connection halves, the watch loop and signals.
    command: ['failures', 'flags', 'output', 'reach'],
    completion: ['failures', 'flags', 'output'],
    // What runs before a command: help, the unknown-command hook.
    startup: ['failures', 'output'],
    server: ['failures'],
  },
};

/** The only files that may import emulator/ (besides emulator/ itself). */
export const EMULATOR_IMPORTERS: readonly string[] = ['src/commands/playground.ts'];

export interface AllowedEdge {
  /** Importing file; `*` stands for any characters but `/`. */
  readonly from: string;
  /** Imported file, same form. */
  readonly to: string;
  /** Why it is tolerated and when the entry goes. */
  readonly why: string;
}

/** Known wrong-way imports tolerated for now. Each entry names who removes it; the check lists them on every run. */
export const ALLOWLIST: readonly AllowedEdge[] = [];
