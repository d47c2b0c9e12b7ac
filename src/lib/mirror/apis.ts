// Which RPCs each part of kmirror depends on, so gating and `check` ask about the same set.

import type { ApiDefinition } from '../kafka/definition.js';
import {
  CreateClusterMirror,
  DeleteClusterMirror,
  DescribeClusterMirrors,
  DescribeConfigs,
  IncrementalAlterConfigs,
  ListClusterMirrors,
  MIRROR_APIS,
  PauseMirrorTopics,
  ResumeMirrorTopics,
  StartMirrorTopics,
  StopMirrorTopics,
} from '../kafka/messages/index.js';

export { MIRROR_APIS };

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
