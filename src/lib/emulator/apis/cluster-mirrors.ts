// Create/List/DeleteClusterMirror (PROTOCOL.md §3): Create and Delete answer ErrorMessage "" when unset.

import type * as B from '../state/message-bodies.js';
import type { RequestContext } from '../state/types.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { mirrorConfigKey, parseMirrorConfigValue } from '../../mirror/config/config-keys.js';
import { CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import { errors } from '../../kafka/error-codes.js';
import { authorizeMirror, controllerGate, statesAllowed } from '../state/rpc-common.js';
import { fenceUntilRestart } from '../state/deleted-mirror-fence.js';
import { MIRROR_STATE_TOPIC } from '../state/mirror-coordinators.js';
import { CreateClusterMirror, DeleteClusterMirror, ListClusterMirrors } from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';

function plain(code: number, message = ''): B.CreateClusterMirrorResponseBody {
  return { ThrottleTimeMs: 0, ErrorCode: code, ErrorMessage: message };
}

export function createClusterMirror(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.CreateClusterMirrorRequestBody,
): B.CreateClusterMirrorResponseBody {
  const name = body.MirrorName;
  if (!authorizeMirror(cluster, ctx, name, 'CREATE')) return plain(errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code);
  if (!cluster.mirroringEnabled()) return plain(errors.UNSUPPORTED_VERSION.code);
  const config = new Map<string, string | null>();
  for (const entry of body.Config) config.set(entry.Name, entry.Value);
  // The reason for these only reaches the controller's log: the response carries 42 and "".
  if (name === '') return plain(errors.INVALID_REQUEST.code);
  if (!config.has('bootstrap.servers')) return plain(errors.INVALID_REQUEST.code);
  if (!config.has('mirror.source.cluster.id')) return plain(errors.INVALID_REQUEST.code);
  for (const [key, value] of config) {
    if (value !== null && mirrorConfigKey(key) && !parseMirrorConfigValue(key, value).ok)
      return plain(errors.INVALID_REQUEST.code);
  }
  if (cluster.mirrors.exists(name))
    return plain(errors.CLUSTER_MIRROR_ALREADY_EXISTS.code, `Mirror '${name}' already exists`);
  // Unknown keys are stored as given; IncrementalAlterConfigs then refuses to delete them (40).
  for (const [key, value] of config) cluster.mirrors.setConfig(name, key, value);
  // A failure here is reported after the mirror was committed, so a retry gets 136.
  return plain(ensureMirrorStateTopic(cluster, ctx));
}

function ensureMirrorStateTopic(cluster: EmulatedCluster, ctx: RequestContext): number {
  if (cluster.topics.has(MIRROR_STATE_TOPIC)) return errors.NONE.code;
  const auth = cluster.authorizer;
  const mayCreate =
    auth.authorize(ctx.principal, 'CLUSTER', CLUSTER_RESOURCE_NAME, 'CREATE') ||
    auth.authorize(ctx.principal, 'TOPIC', MIRROR_STATE_TOPIC, 'CREATE');
  if (!mayCreate) return errors.TOPIC_AUTHORIZATION_FAILED.code;
  const rf = cluster.brokerConfigs.number('mirror.state.topic.replication.factor', 3);
  if (rf > cluster.liveNodeIds().length) return errors.INVALID_REPLICATION_FACTOR.code;
  cluster.addTopic(
    MIRROR_STATE_TOPIC,
    cluster.newTopicId(),
    cluster.brokerConfigs.number('mirror.state.topic.num.partitions', 50),
    rf,
    {
      internal: true,
      configs: { 'cleanup.policy': 'compact', 'compression.type': 'producer', 'retention.ms': '-1' },
    },
  );
  return errors.NONE.code;
}

export function deleteClusterMirror(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.DeleteClusterMirrorRequestBody,
): B.DeleteClusterMirrorResponseBody {
  const name = body.MirrorName;
  if (!ctx.isController) {
    if (!cluster.mirroringEnabled()) return plain(errors.UNSUPPORTED_VERSION.code);
    if (!authorizeMirror(cluster, ctx, name, 'DELETE')) {
      return plain(
        errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
        errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.brokerMessage,
      );
    }
    for (const topic of cluster.mirrors.topicsOf(name)) {
      if (!statesAllowed(topic, ['STOPPED'], ['STOPPED'])) {
        return plain(errors.INVALID_CLUSTER_MIRROR_STATES.code, errors.INVALID_CLUSTER_MIRROR_STATES.brokerMessage);
      }
    }
  }
  return deleteOnController(cluster, ctx, body);
}

/** The controller half of Delete; tests call it alone to reach 143, which the broker pre-empts. */
export function deleteOnController(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.DeleteClusterMirrorRequestBody,
): B.DeleteClusterMirrorResponseBody {
  const name = body.MirrorName;
  // The controller checks ALTER, not DELETE: deleting needs both permissions.
  const gate = controllerGate(cluster, ctx, name);
  if (gate !== errors.NONE.code) return plain(gate);
  const configs = cluster.mirrors.configsOf(name);
  if (!configs) return plain(errors.UNKNOWN_CLUSTER_MIRROR.code, `Mirror '${name}' not found`);
  const topics = [...cluster.mirrors.topicsOf(name)];
  const active = topics.find((t) => t.mirror?.desired === 'PAUSED' || t.mirror?.desired === 'MIRRORING');
  if (active) {
    return plain(
      errors.CLUSTER_MIRROR_NOT_EMPTY.code,
      `Mirror '${name}' still has active or paused topic '${active.name}'`,
    );
  }
  const now = cluster.clock.now();
  for (const topic of topics) {
    cluster.mirrors.detach(topic, now);
    fenceUntilRestart(topic);
  }
  for (const key of [...configs.keys()]) cluster.mirrors.setConfig(name, key, null);
  return plain(errors.NONE.code);
}

export function listClusterMirrors(
  cluster: EmulatedCluster,
  ctx: RequestContext,
  body: B.ListClusterMirrorsRequestBody,
): B.ListClusterMirrorsResponseBody {
  if (!cluster.mirroringEnabled())
    return { ThrottleTimeMs: 0, ErrorCode: errors.UNSUPPORTED_VERSION.code, ErrorMessage: null, Mirrors: [] };
  const mirrors: B.ListedMirror[] = [];
  for (const name of cluster.mirrors.names()) {
    if (!authorizeMirror(cluster, ctx, name, 'DESCRIBE')) continue;
    let count = 0;
    const listed: string[] = [];
    for (const topic of cluster.mirrors.topicsOf(name)) {
      const desired = topic.mirror?.desired;
      // The count and the names disagree on purpose: PAUSED topics are listed but not counted.
      if (desired === 'MIRRORING') count++;
      if (desired === 'MIRRORING' || desired === 'PAUSED') listed.push(topic.name);
    }
    mirrors.push({
      MirrorName: name,
      SourceBootstrap: cluster.mirrors.config(name, 'bootstrap.servers') ?? '',
      SourceClusterId: cluster.mirrors.config(name, 'mirror.source.cluster.id') ?? '',
      TopicCount: count,
      TopicNames: body.IncludeTopicNames ? listed : [],
    });
  }
  return { ThrottleTimeMs: 0, ErrorCode: errors.NONE.code, ErrorMessage: null, Mirrors: mirrors };
}

export function clusterMirrorHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: CreateClusterMirror,
      handle: (ctx, body) => createClusterMirror(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: ListClusterMirrors,
      handle: (ctx, body) => listClusterMirrors(cluster, engineContext(ctx), body),
    }),
    defineHandler({
      api: DeleteClusterMirror,
      handle: (ctx, body) => deleteClusterMirror(cluster, engineContext(ctx), body),
    }),
  ];
}
