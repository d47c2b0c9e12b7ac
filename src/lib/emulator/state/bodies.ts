// Request and response bodies as the codec hands them over: Kafka's PascalCase field names from
// the prototype's schema files, int64 as bigint, uuids as 22-character URL-safe base64.
// Request fields that are tagged or carry a schema default are optional, so both a decoded body
// (where they are always present) and a hand-written one in a test type-check; responses always
// carry every field, so they also fit a codec type that requires them.

export interface RequestContext {
  /** e.g. 'User:alice'; 'User:ANONYMOUS' on an unauthenticated listener. */
  readonly principal: string;
  /** The node that received the request. */
  readonly nodeId: number;
  /** True when the request reached a controller directly (not forwarded by a broker). */
  readonly isController?: boolean;
}

// ---- shared response shapes -------------------------------------------------------------------

export interface MirrorTopicResult {
  Name: string;
  ErrorCode: number;
  ErrorMessage: string | null;
}

/** Start/Stop/Pause/Resume share this layout. */
export interface MirrorTopicsResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Topics: MirrorTopicResult[];
}

// ---- CreateClusterMirror (94) -----------------------------------------------------------------

export interface CreateClusterMirrorRequestBody {
  readonly MirrorName: string;
  readonly Config: readonly { readonly Name: string; readonly Value: string | null }[];
}

export interface CreateClusterMirrorResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
}

// ---- StartMirrorTopics (95) -------------------------------------------------------------------

export interface StartMirrorTopicsRequestBody {
  readonly MirrorName: string;
  readonly Topics: readonly { readonly TopicId: string; readonly TopicName: string; readonly NumPartitions: number }[];
  readonly IncludePatterns?: readonly string[];
  readonly ExcludePatterns?: readonly string[];
  readonly StateValidationOffset?: bigint;
}

export type StartMirrorTopicsResponseBody = MirrorTopicsResponseBody;

// ---- StopMirrorTopics (96) --------------------------------------------------------------------

export interface StopMirrorTopicsRequestBody {
  readonly MirrorName: string;
  readonly Topics: readonly { readonly TopicName: string }[];
  readonly Patterns?: readonly string[];
  readonly StateValidationOffset?: bigint;
}

export type StopMirrorTopicsResponseBody = MirrorTopicsResponseBody;

// ---- PauseMirrorTopics (102) / ResumeMirrorTopics (103) ----------------------------------------

export interface PauseMirrorTopicsRequestBody {
  readonly MirrorName: string;
  readonly Topics: readonly { readonly TopicName: string }[];
  readonly StateValidationOffset?: bigint;
}

export type PauseMirrorTopicsResponseBody = MirrorTopicsResponseBody;
export type ResumeMirrorTopicsRequestBody = PauseMirrorTopicsRequestBody;
export type ResumeMirrorTopicsResponseBody = MirrorTopicsResponseBody;

// ---- DeleteClusterMirror (104) ----------------------------------------------------------------

export interface DeleteClusterMirrorRequestBody {
  readonly MirrorName: string;
  readonly StateValidationOffset?: bigint;
}

export interface DeleteClusterMirrorResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
}

// ---- ListClusterMirrors (98) ------------------------------------------------------------------

export interface ListClusterMirrorsRequestBody {
  readonly IncludeTopicNames?: boolean;
}

export interface ListedMirror {
  MirrorName: string;
  SourceBootstrap: string;
  SourceClusterId: string;
  TopicCount: number;
  TopicNames: string[];
}

export interface ListClusterMirrorsResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Mirrors: ListedMirror[];
}

// ---- DescribeClusterMirrors (99) --------------------------------------------------------------

export interface DescribeClusterMirrorsRequestBody {
  readonly MirrorNames: readonly string[];
  readonly IncludeAuthorizedOperations?: boolean;
  readonly ClusterId?: string | null;
  readonly LastMirrorEpochLookups?: readonly { readonly TopicId: string; readonly Partitions: readonly number[] }[];
}

export interface MirrorPartitionDetail {
  PartitionIndex: number;
  SourceOffset: bigint;
  DestinationOffset: bigint;
  Lag: bigint;
  StateValue: string;
  RetryAttempt: number;
  ErrorMessage: string | null;
}

export interface DescribedMirrorTopic {
  TopicName: string;
  Partitions: MirrorPartitionDetail[];
}

export interface DescribedMirror {
  ErrorCode: number;
  MirrorName: string;
  AuthorizedOperations: number;
  Topics: DescribedMirrorTopic[];
}

export interface LookupResult {
  TopicId: string;
  Partitions: { PartitionIndex: number; LastMirrorEpoch: number }[];
}

export interface DescribeClusterMirrorsResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Mirrors: DescribedMirror[];
  LookupResults: LookupResult[];
}

// ---- DescribeConfigs (32, v1-4) ---------------------------------------------------------------

export interface DescribeConfigsRequestBody {
  readonly Resources: readonly {
    readonly ResourceType: number;
    readonly ResourceName: string;
    readonly ConfigurationKeys: readonly string[] | null;
  }[];
  readonly IncludeSynonyms?: boolean;
  readonly IncludeDocumentation?: boolean;
}

export interface DescribeConfigsSynonym {
  Name: string;
  Value: string | null;
  Source: number;
}

export interface DescribeConfigsResourceResult {
  Name: string;
  Value: string | null;
  ReadOnly: boolean;
  ConfigSource: number;
  IsSensitive: boolean;
  Synonyms: DescribeConfigsSynonym[];
  ConfigType: number;
  Documentation: string | null;
}

export interface DescribeConfigsResult {
  ErrorCode: number;
  ErrorMessage: string | null;
  ResourceType: number;
  ResourceName: string;
  Configs: DescribeConfigsResourceResult[];
}

export interface DescribeConfigsResponseBody {
  ThrottleTimeMs: number;
  Results: DescribeConfigsResult[];
}

// ---- IncrementalAlterConfigs (44, v0-1) -------------------------------------------------------

export interface AlterableConfig {
  readonly Name: string;
  readonly ConfigOperation: number;
  readonly Value: string | null;
}

export interface AlterConfigsResource {
  readonly ResourceType: number;
  readonly ResourceName: string;
  readonly Configs: readonly AlterableConfig[];
}

export interface IncrementalAlterConfigsRequestBody {
  readonly Resources: readonly AlterConfigsResource[];
  readonly ValidateOnly?: boolean;
}

export interface AlterConfigsResourceResponse {
  ErrorCode: number;
  ErrorMessage: string | null;
  ResourceType: number;
  ResourceName: string;
}

export interface IncrementalAlterConfigsResponseBody {
  ThrottleTimeMs: number;
  Responses: AlterConfigsResourceResponse[];
}
