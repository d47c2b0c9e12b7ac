// The handler set of one node: which APIs and versions a node speaks is decided here and nowhere else.

import type { ApiDefinition } from '../../kafka/definition.js';
import { parseVersions } from '../../kafka/definition.js';
import { type Dialect, prototypeDialect } from '../../kafka/dialect.js';
import { MIRROR_COORDINATOR_KEY_TYPE } from '../../kafka/messages/kip-draft/index.js';
import { TBD } from '../../kafka/mirror-api-keys.js';
import type { EmulatedCluster } from '../state/cluster-model.js';
import { mirrorCoordinatorOf } from '../state/mirror-coordinators.js';
import { apiVersionsHandler } from './api-versions.js';
import type { BrokerContext } from '../server/broker-context.js';
import { clusterMirrorHandlers } from './cluster-mirrors.js';
import { configHandlers } from './configs.js';
import { createTopicsHandler } from './create-topics.js';
import { describeClusterHandler } from './describe-cluster.js';
import { describeClusterMirrorsHandlers } from './describe-cluster-mirrors.js';
import { fetchHandler } from './fetch.js';
import { type ExtraCoordinator, groupHandlers } from './groups.js';
import { initProducerIdHandler } from './init-producer-id.js';
import { supportedFeatures } from '../server/features.js';
import { HandlerRegistry, type RegisteredHandler } from '../server/handler.js';
import { listOffsetsHandler } from './list-offsets.js';
import { metadataHandler } from './metadata.js';
import { kipDraftHandlers } from './kip-draft.js';
import { mirrorStateHandlers } from './mirror-states.js';
import { offsetForLeaderEpochHandler } from './offset-for-leader-epoch.js';
import { produceHandler } from './produce.js';
import { saslHandlers } from './sasl.js';
import type { SaslServer } from '../server/sasl-server.js';
import { startMirrorTopicsHandlers } from './start-mirror-topics.js';
import { stopPauseResumeHandlers } from './stop-pause-resume.js';
import { transactionHandlers } from './transactions.js';

/** CreateTopics v8 (MirrorInfo) exists only in the prototype; Kafka 4.1 stops at v7. */
const OLD_BROKER_CREATE_TOPICS_MAX = 7;

export function withMaxVersion(handler: RegisteredHandler, max: number): RegisteredHandler {
  const range = parseVersions(handler.api.request.validVersions);
  const validVersions = `${range.min}-${Math.min(range.max, max)}`;
  const api: ApiDefinition = {
    ...handler.api,
    request: { ...handler.api.request, validVersions },
    response: { ...handler.api.response, validVersions },
  };
  return { ...handler, api };
}

/** The seed KIP's FindCoordinator key type MIRROR: the coordinator of a mirror, by its name. */
function mirrorCoordinatorKey(cluster: EmulatedCluster): ExtraCoordinator {
  return { keyType: MIRROR_COORDINATOR_KEY_TYPE, nodeOf: (name) => mirrorCoordinatorOf(cluster, name) };
}

function mirrorHandlersOf(broker: BrokerContext, dialect: Dialect): RegisteredHandler[] {
  if (dialect.name !== 'kip-draft')
    return [
      ...clusterMirrorHandlers(broker),
      ...startMirrorTopicsHandlers(broker),
      ...stopPauseResumeHandlers(broker),
      ...describeClusterMirrorsHandlers(broker),
      ...mirrorStateHandlers(broker),
    ];
  return kipDraftHandlers(broker).filter((h) => dialect.apiKeys.keyOf(h.api) !== TBD);
}

export function brokerRegistry(
  broker: BrokerContext,
  sasl?: SaslServer,
  dialect: Dialect = prototypeDialect(),
): HandlerRegistry {
  const cluster = broker.cluster;
  const old = broker.software === 'old';
  // ApiVersions describes the registry it belongs to, so it reads it through this late binding.
  const built: { registry?: HandlerRegistry } = {};
  const apiVersions = apiVersionsHandler({
    registry: () => {
      if (!built.registry) throw new Error('ApiVersions answered before the registry was built');
      return built.registry;
    },
    supported: supportedFeatures(broker.software, cluster.finalizedFeatures()),
    finalized: () => ({
      levels: new Map(cluster.finalizedFeatures().map((f) => [f.name, f.level])),
      epoch: cluster.featuresEpoch,
    }),
  });
  const createTopics = createTopicsHandler(broker);
  const handlers: RegisteredHandler[] = [
    apiVersions,
    metadataHandler(broker),
    describeClusterHandler(broker),
    listOffsetsHandler(broker),
    produceHandler(broker),
    fetchHandler(broker),
    initProducerIdHandler(broker),
    ...transactionHandlers(broker),
    offsetForLeaderEpochHandler(broker),
    old ? withMaxVersion(createTopics, OLD_BROKER_CREATE_TOPICS_MAX) : createTopics,
    ...configHandlers(broker, dialect),
    ...groupHandlers(broker, dialect.name === 'kip-draft' ? mirrorCoordinatorKey(cluster) : undefined),
    ...saslHandlers(sasl),
    ...(old ? [] : mirrorHandlersOf(broker, dialect)),
  ];
  built.registry = new HandlerRegistry(handlers, dialect.apiKeys);
  return built.registry;
}
