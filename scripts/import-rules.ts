// The import directions of DESIGN.md ("Layout"), as data read by scripts/import-graph.ts:
//   commands → cli, prompt, render → mirror → connection, kafka → kafka/messages → kafka/wire

export interface LayerRule {
  readonly may: readonly string[];
  readonly files?: Readonly<Record<string, readonly string[]>>;
}

const KAFKA = ['kafka', 'kafka/messages', 'kafka/wire'];

export const LAYER_RULES: Readonly<Record<string, LayerRule>> = {
  commands: { may: ['cli', 'prompt', 'render', 'mirror', 'connection', 'text', ...KAFKA] },
  cli: { may: ['mirror', 'connection', 'text', ...KAFKA] },
  prompt: { may: ['cli'] },
  render: { may: ['mirror', 'text'], files: { connection: ['src/lib/connection/redact.ts'] } },
  mirror: { may: ['connection', ...KAFKA] },
  connection: { may: [...KAFKA] },
  kafka: { may: ['kafka/messages', 'kafka/wire'] },
  text: { may: [] },
  'kafka/messages': {
    may: ['kafka/wire'],
    files: { kafka: ['src/lib/kafka/definition.ts', 'src/lib/kafka/mirror-api-keys.ts'] },
  },
  'kafka/wire': { may: [] },
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
  docs: { may: ['cli'] },
};

export const TYPE_ONLY_TARGETS: Readonly<Record<string, readonly string[]>> = {
  render: ['mirror', 'connection'],
};

/** render/ orders rows exactly as mirror/ sorts them, so the one ordering is shared, not copied. */
export const VALUES_ALLOWED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  render: {
    'src/lib/mirror/describe/lag.ts': ['orderedStates', 'displayedStates', 'displayState'],
    'src/lib/mirror/describe/describe-filters.ts': ['byLagDescending'],
    'src/lib/connection/redact.ts': ['REDACTED'],
    'src/lib/mirror/core/name-list.ts': ['nameList', 'formatCount'],
  },
};

/** The rules form no cycle, so no import circle runs between files of two folders. */
export const FOLDER_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  mirror: {
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
    verify: ['core', 'describe', 'config'],
    switchover: ['core', 'patterns', 'describe', 'config', 'topics', 'lifecycle', 'groups', 'verify'],
    topology: ['core', 'describe', 'config', 'check', 'switchover'],
  },
  cli: {
    failures: [],
    reach: ['failures'],
    flags: ['failures', 'reach'],
    output: ['failures', 'flags'],
    command: ['failures', 'flags', 'output', 'reach'],
    completion: ['failures', 'flags', 'output'],
    startup: ['failures', 'output'],
    server: ['failures'],
  },
};

export const EMULATOR_IMPORTERS: readonly string[] = ['src/commands/playground.ts'];

export interface AllowedEdge {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

export const ALLOWLIST: readonly AllowedEdge[] = [];
