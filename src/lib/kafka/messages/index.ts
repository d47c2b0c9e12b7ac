import type { ApiDefinition, MessageDefinition } from '../definition.js';
import { AddOffsetsToTxn } from './add-offsets-to-txn.js';
import { AddPartitionsToTxn } from './add-partitions-to-txn.js';
import { ApiVersions } from './api-versions.js';
import { BumpLeaderEpochs } from './bump-leader-epochs.js';
import { CreateClusterMirror } from './create-cluster-mirror.js';
import { CreateTopics } from './create-topics.js';
import { DeleteClusterMirror } from './delete-cluster-mirror.js';
import { DescribeCluster } from './describe-cluster.js';
import { DescribeClusterMirrors } from './describe-cluster-mirrors.js';
import { DescribeConfigs } from './describe-configs.js';
import { DescribeGroups } from './describe-groups.js';
import { EndTxn } from './end-txn.js';
import { Fetch } from './fetch.js';
import { FindCoordinator } from './find-coordinator.js';
import { RequestHeader, ResponseHeader } from './headers.js';
import { IncrementalAlterConfigs } from './incremental-alter-configs.js';
import { InitProducerId } from './init-producer-id.js';
import { ListClusterMirrors } from './list-cluster-mirrors.js';
import { ListGroups } from './list-groups.js';
import { ListOffsets } from './list-offsets.js';
import { Metadata } from './metadata.js';
import { OffsetForLeaderEpoch } from './offset-for-leader-epoch.js';
import { OffsetCommit } from './offset-commit.js';
import { OffsetFetch } from './offset-fetch.js';
import { PauseMirrorTopics } from './pause-mirror-topics.js';
import { Produce } from './produce.js';
import { ReadMirrorStates } from './read-mirror-states.js';
import { ResumeMirrorTopics } from './resume-mirror-topics.js';
import { SaslAuthenticate } from './sasl-authenticate.js';
import { SaslHandshake } from './sasl-handshake.js';
import { StartMirrorTopics } from './start-mirror-topics.js';
import { StopMirrorTopics } from './stop-mirror-topics.js';
import { TxnOffsetCommit } from './txn-offset-commit.js';
import { WriteMirrorStates } from './write-mirror-states.js';

export {
  AddOffsetsToTxn,
  AddPartitionsToTxn,
  ApiVersions,
  BumpLeaderEpochs,
  CreateClusterMirror,
  CreateTopics,
  DeleteClusterMirror,
  DescribeCluster,
  DescribeClusterMirrors,
  DescribeConfigs,
  DescribeGroups,
  EndTxn,
  Fetch,
  FindCoordinator,
  IncrementalAlterConfigs,
  InitProducerId,
  ListClusterMirrors,
  ListGroups,
  ListOffsets,
  Metadata,
  OffsetCommit,
  OffsetFetch,
  OffsetForLeaderEpoch,
  PauseMirrorTopics,
  Produce,
  ReadMirrorStates,
  RequestHeader,
  ResponseHeader,
  ResumeMirrorTopics,
  SaslAuthenticate,
  SaslHandshake,
  StartMirrorTopics,
  StopMirrorTopics,
  TxnOffsetCommit,
  WriteMirrorStates,
};

/** Every mirror RPC of the prototype, in key order (PROTOCOL.md §2). */
export const MIRROR_APIS: readonly ApiDefinition[] = [
  CreateClusterMirror,
  StartMirrorTopics,
  StopMirrorTopics,
  ListClusterMirrors,
  DescribeClusterMirrors,
  ReadMirrorStates,
  WriteMirrorStates,
  PauseMirrorTopics,
  ResumeMirrorTopics,
  DeleteClusterMirror,
  BumpLeaderEpochs,
];

export const ADMIN_MIRROR_APIS: readonly ApiDefinition[] = [
  CreateClusterMirror,
  StartMirrorTopics,
  StopMirrorTopics,
  ListClusterMirrors,
  DescribeClusterMirrors,
  PauseMirrorTopics,
  ResumeMirrorTopics,
  DeleteClusterMirror,
];

export const GROUP_APIS: readonly ApiDefinition[] = [
  OffsetCommit,
  OffsetFetch,
  FindCoordinator,
  DescribeGroups,
  ListGroups,
];

export const ALL_APIS: readonly ApiDefinition[] = [
  ApiVersions,
  Metadata,
  DescribeCluster,
  ListOffsets,
  OffsetForLeaderEpoch,
  DescribeConfigs,
  IncrementalAlterConfigs,
  CreateTopics,
  SaslHandshake,
  SaslAuthenticate,
  ...GROUP_APIS,
  ...MIRROR_APIS,
];

/** kmirror never produces or fetches, but the emulator serves the record APIs so real clients can write and read. */
export const RECORD_APIS: readonly ApiDefinition[] = [
  Produce,
  Fetch,
  InitProducerId,
  AddPartitionsToTxn,
  AddOffsetsToTxn,
  EndTxn,
  TxnOffsetCommit,
];

export const HEADERS: readonly MessageDefinition[] = [RequestHeader, ResponseHeader];
