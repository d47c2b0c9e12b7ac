// The emulator's in-memory engine, as the server and the per-API files (apis/) use it: build clusters, register
// their addresses, change their state per request, tick on an interval.

export {
  Authorizer,
  AclOperation,
  AUTHORIZED_OPERATIONS_OMITTED,
  CLUSTER_MIRROR_OPERATIONS,
  CLUSTER_RESOURCE_NAME,
  type AclRule,
  type AclOperationName,
  type AclResourceType,
} from './acl.js';
export type * from './message-bodies.js';
export type * from './types.js';
export { ManualClock, SystemClock, type Clock } from './clock.js';
export {
  EmulatedCluster,
  DEFAULT_TIMING,
  MIRROR_METADATA_VERSION,
  type CreateTopicOptions,
  type EmulatedClusterOptions,
  type MirrorTiming,
} from './cluster.js';
export { ConfigOperation, ConfigSource, ConfigType, ResourceType } from './config-tables.js';
export { coordinatorOf, MIRROR_STATE_TOPIC } from './mirror-coordinators.js';
export { MirrorState, type DesiredState, type MirrorStateName } from './partition-state.js';
export { ClusterRegistry } from './registry.js';
export { INTERNAL_PRINCIPAL } from './rpc-common.js';
export { endOffset, isFrozen, type Partition, type Topic } from './topics.js';
