// Which RPCs each part of kmirror depends on, so gating and `check` ask about the same set.

import type { ApiDefinition } from '../kafka/definition.js';
import {
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
} from '../kafka/messages/index.js';

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

/** The mirror RPCs an admin tool sends (the others are broker-internal). */
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

/** Config RPCs used on the mirror resource (type 64); not gated on mirror.version. */
export const CONFIG_APIS: readonly ApiDefinition[] = [DescribeConfigs, IncrementalAlterConfigs];
