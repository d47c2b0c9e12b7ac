// The engine's request and response bodies, inferred from the message definitions the client uses
// (kafka/messages/): a field added to a definition reaches the engine without a second declaration.
// Requests: fields with a default or a tag may be left out (RequestBody); responses carry every field.

import type { RequestBody, ResponseOf } from '../../kafka/message-types.js';
import type {
  BumpLeaderEpochs,
  CreateClusterMirror,
  DeleteClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  IncrementalAlterConfigs,
  ListClusterMirrors,
  PauseMirrorTopics,
  ReadMirrorStates,
  ResumeMirrorTopics,
  StartMirrorTopics,
  StopMirrorTopics,
  WriteMirrorStates,
} from '../../kafka/messages/index.js';

export type CreateClusterMirrorRequestBody = RequestBody<typeof CreateClusterMirror>;
export type CreateClusterMirrorResponseBody = ResponseOf<typeof CreateClusterMirror>;

/** Start/Stop/Pause/Resume share this layout. */
export type MirrorTopicsResponseBody = ResponseOf<typeof StartMirrorTopics>;
export type MirrorTopicResult = MirrorTopicsResponseBody['Topics'][number];

export type StartMirrorTopicsRequestBody = RequestBody<typeof StartMirrorTopics>;
export type StartMirrorTopicsResponseBody = ResponseOf<typeof StartMirrorTopics>;
export type StopMirrorTopicsRequestBody = RequestBody<typeof StopMirrorTopics>;
export type StopMirrorTopicsResponseBody = ResponseOf<typeof StopMirrorTopics>;
export type PauseMirrorTopicsRequestBody = RequestBody<typeof PauseMirrorTopics>;
export type PauseMirrorTopicsResponseBody = ResponseOf<typeof PauseMirrorTopics>;
export type ResumeMirrorTopicsRequestBody = RequestBody<typeof ResumeMirrorTopics>;
export type ResumeMirrorTopicsResponseBody = ResponseOf<typeof ResumeMirrorTopics>;

export type DeleteClusterMirrorRequestBody = RequestBody<typeof DeleteClusterMirror>;
export type DeleteClusterMirrorResponseBody = ResponseOf<typeof DeleteClusterMirror>;

export type ListClusterMirrorsRequestBody = RequestBody<typeof ListClusterMirrors>;
export type ListClusterMirrorsResponseBody = ResponseOf<typeof ListClusterMirrors>;
export type ListedMirror = ListClusterMirrorsResponseBody['Mirrors'][number];

export type DescribeClusterMirrorsRequestBody = RequestBody<typeof DescribeClusterMirrors>;
export type DescribeClusterMirrorsResponseBody = ResponseOf<typeof DescribeClusterMirrors>;
export type DescribedMirror = DescribeClusterMirrorsResponseBody['Mirrors'][number];
export type DescribedMirrorTopic = DescribedMirror['Topics'][number];
export type MirrorPartitionDetail = DescribedMirrorTopic['Partitions'][number];
export type LookupResult = DescribeClusterMirrorsResponseBody['LookupResults'][number];

export type DescribeConfigsRequestBody = RequestBody<typeof DescribeConfigs>;
export type DescribeConfigsResponseBody = ResponseOf<typeof DescribeConfigs>;
export type DescribeConfigsResult = DescribeConfigsResponseBody['Results'][number];
export type DescribeConfigsResourceResult = DescribeConfigsResult['Configs'][number];
export type DescribeConfigsSynonym = DescribeConfigsResourceResult['Synonyms'][number];

export type IncrementalAlterConfigsRequestBody = RequestBody<typeof IncrementalAlterConfigs>;
export type IncrementalAlterConfigsResponseBody = ResponseOf<typeof IncrementalAlterConfigs>;
export type AlterConfigsResource = IncrementalAlterConfigsRequestBody['Resources'][number];
export type AlterableConfig = AlterConfigsResource['Configs'][number];
export type AlterConfigsResourceResponse = IncrementalAlterConfigsResponseBody['Responses'][number];

export type ReadMirrorStatesRequestBody = RequestBody<typeof ReadMirrorStates>;
export type ReadMirrorStatesResponseBody = ResponseOf<typeof ReadMirrorStates>;
export type ReadMirrorStatesPartitionResult = ReadMirrorStatesResponseBody['Topics'][number]['Partitions'][number];
export type WriteMirrorStatesRequestBody = RequestBody<typeof WriteMirrorStates>;
export type WriteMirrorStatesResponseBody = ResponseOf<typeof WriteMirrorStates>;
export type BumpLeaderEpochsRequestBody = RequestBody<typeof BumpLeaderEpochs>;
export type BumpLeaderEpochsResponseBody = ResponseOf<typeof BumpLeaderEpochs>;
