// `--protocol kip-draft`: the seed KIP's messages (revision 57), translated from and to the prototype's field by
// field as PROTOCOL.md §15 lists; what the seed lacks (stop, pause, resume, delete, epoch bump) is refused unsent.

import type { ApiDefinition } from '../definition.js';
import {
  type BumpedConfigApiName,
  BUMPED_CONFIG_APIS,
  CLUSTER_MIRROR_RESOURCE_TYPE,
  type Dialect,
  type DialectSetting,
  type Translation,
  type WirePlan,
  type WireSender,
  atVersion,
} from '../dialect.js';
import { NotInDialectError } from '../errors.js';
import type { RequestInput, ResponseOf } from '../message-types.js';
import {
  BumpLeaderEpochs,
  CreateClusterMirror,
  DeleteClusterMirror,
  DescribeClusterMirrors,
  ListClusterMirrors,
  PauseMirrorTopics,
  ReadMirrorStates,
  ResumeMirrorTopics,
  StartMirrorTopics,
  StopMirrorTopics,
  WriteMirrorStates,
} from '../messages/index.js';
import {
  AddTopicsToMirror,
  CreateMirror,
  DescribeMirrors,
  KIP_DRAFT_ADMIN_APIS,
  KIP_DRAFT_APIS,
  ListMirrors,
} from '../messages/kip-draft/index.js';
import { type ApiKeyMap, TBD } from '../mirror-api-keys.js';

export const KIP_DRAFT_TITLE = 'KIP-1279 revision 57';

function translation<P extends ApiDefinition, W extends ApiDefinition>(spec: {
  readonly wire: W;
  readonly alsoNeeds?: readonly ApiDefinition[];
  toWire(body: RequestInput<P>, note: (message: string) => void): RequestInput<W>;
  fromWire(response: ResponseOf<W>, body: RequestInput<P>): ResponseOf<P>;
  complete?(response: ResponseOf<P>, body: RequestInput<P>, sender: WireSender): Promise<ResponseOf<P>>;
}): Translation {
  const { complete } = spec;
  return {
    wire: spec.wire,
    ...(spec.alsoNeeds ? { alsoNeeds: spec.alsoNeeds } : {}),
    toWire: (body, note) => spec.toWire(body as RequestInput<P>, note),
    fromWire: (response, body) => spec.fromWire(response as ResponseOf<W>, body as RequestInput<P>),
    ...(complete
      ? { complete: (response, body, sender) => complete(response as ResponseOf<P>, body as RequestInput<P>, sender) }
      : {}),
  };
}

const createMirror = translation<typeof CreateClusterMirror, typeof CreateMirror>({
  wire: CreateMirror,
  // Same fields in the same order; the seed's MirrorName is nullable, ours never null.
  toWire: (body) => ({ MirrorName: body.MirrorName ?? '', Config: body.Config ?? [] }),
  fromWire: (response) => response,
});

const addTopics = translation<typeof StartMirrorTopics, typeof AddTopicsToMirror>({
  wire: AddTopicsToMirror,
  toWire(body, note) {
    const include = body.IncludePatterns ?? [];
    const exclude = body.ExcludePatterns ?? [];
    if (include.length > 0 || exclude.length > 0) {
      note(
        `KIP-1279 revision 57's AddTopicsToMirror names topics only: the pattern(s) ` +
          `${[...include, ...exclude.map((p) => `exclude ${p}`)].join(', ')} selected the topics sent now but ` +
          `are not saved in the mirror, so source topics created later are not added`,
      );
    }
    // The mirror name moves onto every topic; the partition count has no field (the broker reads the source).
    return {
      Topics: (body.Topics ?? []).map((t) => ({
        TopicId: t?.TopicId,
        TopicName: t?.TopicName,
        MirrorName: body.MirrorName ?? null,
      })),
    };
  },
  fromWire: (response) => response,
});

const listMirrors = translation<typeof ListClusterMirrors, typeof ListMirrors>({
  wire: ListMirrors,
  alsoNeeds: [DescribeMirrors],
  toWire: (body) => ({ IncludeTopicNames: body.IncludeTopicNames ?? false }),
  fromWire: (response) => ({
    ThrottleTimeMs: response.ThrottleTimeMs,
    ErrorCode: response.ErrorCode,
    ErrorMessage: null,
    Mirrors: response.Mirrors.map((m) => ({
      MirrorName: m.MirrorName,
      SourceBootstrap: m.SourceBootstrap,
      // The seed's listing has no source cluster id.
      SourceClusterId: '',
      TopicCount: m.TopicCount,
      TopicNames: [],
    })),
  }),
  // The seed's listing names no topics: they come from DescribeMirrors, every topic not STOPPED.
  async complete(response, body, sender) {
    if (!body.IncludeTopicNames || response.Mirrors.length === 0) return response;
    const fanOut = await sender.sendToEvery(DescribeMirrors, { MirrorNames: [], IncludeAuthorizedOperations: false });
    if (fanOut.answers.length === 0 && fanOut.failures[0]) throw fanOut.failures[0].error;
    const names = new Map<string, Set<string>>();
    for (const { response: answer } of fanOut.answers) {
      for (const mirror of answer.Mirrors) {
        const topics = names.get(mirror.MirrorName) ?? new Set<string>();
        for (const topic of mirror.Topics)
          if (topic.Partitions.some((p) => p.State !== 'STOPPED')) topics.add(topic.TopicName);
        names.set(mirror.MirrorName, topics);
      }
    }
    return {
      ...response,
      Mirrors: response.Mirrors.map((m) => ({ ...m, TopicNames: [...(names.get(m.MirrorName) ?? [])].sort() })),
    };
  },
});

const describeMirrors = translation<typeof DescribeClusterMirrors, typeof DescribeMirrors>({
  wire: DescribeMirrors,
  toWire(body) {
    if ((body.LastMirrorEpochLookups ?? []).length > 0) {
      throw new NotInDialectError(
        'DescribeClusterMirrors with LastMirrorEpochLookups',
        KIP_DRAFT_TITLE,
        'KIP-1279 revision 57 has no epoch lookup (its LastMirroredOffsets asks the mirror coordinator for ' +
          'offsets instead)',
      );
    }
    return {
      MirrorNames: body.MirrorNames ?? [],
      IncludeAuthorizedOperations: body.IncludeAuthorizedOperations ?? false,
    };
  },
  // The broker's own state name is kept; what the seed lacks takes the prototype's "nothing to report" defaults.
  fromWire: (response) => ({
    ThrottleTimeMs: response.ThrottleTimeMs,
    ErrorCode: 0,
    ErrorMessage: null,
    Mirrors: response.Mirrors.map((m) => ({
      ErrorCode: m.ErrorCode,
      MirrorName: m.MirrorName,
      AuthorizedOperations: m.AuthorizedOperations,
      Topics: m.Topics.map((t) => ({
        TopicName: t.TopicName,
        Partitions: t.Partitions.map((p) => ({
          PartitionIndex: p.PartitionIndex,
          SourceOffset: p.SourceOffset,
          DestinationOffset: p.DestinationOffset,
          Lag: p.Lag,
          StateValue: p.State,
          RetryAttempt: 0,
          ErrorMessage: null,
        })),
      })),
    })),
    LookupResults: [],
  }),
});

const TRANSLATIONS: ReadonlyMap<ApiDefinition, Translation> = new Map<ApiDefinition, Translation>([
  [CreateClusterMirror, createMirror],
  [StartMirrorTopics, addTopics],
  [ListClusterMirrors, listMirrors],
  [DescribeClusterMirrors, describeMirrors],
]);

const ABSENT: ReadonlyMap<ApiDefinition, string> = new Map<ApiDefinition, string>([
  [StopMirrorTopics, 'KIP-1279 revision 57 has no way to stop mirroring a topic (no StopMirrorTopics)'],
  [PauseMirrorTopics, 'KIP-1279 revision 57 has no pause (no PauseMirrorTopics)'],
  [ResumeMirrorTopics, 'KIP-1279 revision 57 has no pause, so nothing to resume (no ResumeMirrorTopics)'],
  [DeleteClusterMirror, 'KIP-1279 revision 57 has no way to delete a mirror (no DeleteClusterMirror)'],
  [BumpLeaderEpochs, 'KIP-1279 revision 57 has no BumpLeaderEpochs'],
  [ReadMirrorStates, "broker-internal; kmirror sends revision 57's own ReadMirrorStates only as the emulator"],
  [WriteMirrorStates, "broker-internal; revision 57's WriteMirrorStates carries offsets, not epochs"],
]);

function setting(kind: DialectSetting, name: string): WirePlan {
  return { kind: 'unset', setting: kind, name };
}

export function kipDraftDialect(apiKeys: ApiKeyMap, configVersions: ReadonlyMap<BumpedConfigApiName, number>): Dialect {
  const bumped = new Map<ApiDefinition, ApiDefinition>();
  for (const api of BUMPED_CONFIG_APIS) {
    const version = configVersions.get(api.name);
    if (version !== undefined) bumped.set(api, atVersion(api, version));
  }
  const keyed = (api: ApiDefinition): WirePlan =>
    apiKeys.keyOf(api) === TBD ? setting('--api-keys', api.name) : { kind: 'direct', api };

  return {
    name: 'kip-draft',
    title: KIP_DRAFT_TITLE,
    apiKeys,
    plan(api, body) {
      const translated = TRANSLATIONS.get(api);
      if (translated) {
        const missing = [translated.wire, ...(translated.alsoNeeds ?? [])].find((w) => apiKeys.keyOf(w) === TBD);
        return missing ? setting('--api-keys', missing.name) : { kind: 'translated', translation: translated };
      }
      const absent = ABSENT.get(api);
      if (absent !== undefined) return { kind: 'absent', reason: absent };
      if (KIP_DRAFT_APIS.includes(api)) return keyed(api);
      if ((BUMPED_CONFIG_APIS as readonly ApiDefinition[]).includes(api)) {
        // Plain versions for topic and broker configs; the bumped one for a mirror's (body absent: a mirror command).
        if (body !== undefined && !isMirrorResource(body)) return { kind: 'direct', api };
        const at = bumped.get(api);
        return at ? { kind: 'direct', api: at } : setting('--api-versions', api.name);
      }
      return { kind: 'direct', api };
    },
    mirrorApis: KIP_DRAFT_APIS,
    adminMirrorApis: KIP_DRAFT_ADMIN_APIS,
    mirrorConfigApis: BUMPED_CONFIG_APIS.map((api) => bumped.get(api) ?? api),
    settingExamples: new Map<DialectSetting, string>([
      ['--api-keys', KIP_DRAFT_ADMIN_APIS.map((api, i) => `${api.name}=${200 + i}`).join(',')],
      ['--api-versions', 'DescribeConfigs=5,IncrementalAlterConfigs=2'],
    ]),
    // AddTopicsToMirror names topics only.
    savesTopicPatterns: false,
  };
}

function isMirrorResource(body: unknown): boolean {
  const resources = (body as { Resources?: readonly { ResourceType?: unknown }[] }).Resources;
  return resources?.some((r) => r.ResourceType === CLUSTER_MIRROR_RESOURCE_TYPE) ?? false;
}
