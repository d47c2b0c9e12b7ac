// DescribeCluster (key 60, v0-2): what the Java Admin asks a source cluster for its id before CreateClusterMirror,
// and what kmirror uses to list brokers. A broker listener serves only endpoint type 1 (brokers).

import { errors } from '../../kafka/error-codes.js';
import { DescribeCluster } from '../../kafka/messages/index.js';
import { AUTHORIZED_OPERATIONS_OMITTED, CLUSTER_RESOURCE_NAME } from '../state/acl.js';
import type { BrokerContext } from '../server/broker-context.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import { CLUSTER_OPERATIONS } from './metadata.js';

const BROKERS_ENDPOINT = 1;

export function describeClusterHandler(broker: BrokerContext): RegisteredHandler {
  return defineHandler({
    api: DescribeCluster,
    handle(ctx, body) {
      const cluster = broker.cluster;
      if (body.EndpointType !== BROKERS_ENDPOINT) {
        return {
          ErrorCode: errors.UNSUPPORTED_ENDPOINT_TYPE.code,
          ErrorMessage: `The broker does not support DescribeCluster with endpointType ${body.EndpointType}`,
          EndpointType: body.EndpointType,
          ClusterId: '',
        };
      }
      // Down nodes are fenced once their session expires; only v2 asks to see them.
      const brokers = broker
        .endpoints()
        .filter((e) => body.IncludeFencedBrokers || cluster.isUp(e.nodeId))
        .map((e) => ({
          BrokerId: e.nodeId,
          Host: e.host,
          Port: e.port,
          Rack: e.rack,
          IsFenced: !cluster.isUp(e.nodeId),
        }));
      return {
        ThrottleTimeMs: 0,
        ErrorCode: 0,
        ErrorMessage: null,
        EndpointType: BROKERS_ENDPOINT,
        ClusterId: cluster.clusterId,
        ControllerId: cluster.controllerId,
        Brokers: brokers,
        ClusterAuthorizedOperations: body.IncludeClusterAuthorizedOperations
          ? cluster.authorizer.authorizedOperations(
              ctx.session.principal,
              'CLUSTER',
              CLUSTER_RESOURCE_NAME,
              CLUSTER_OPERATIONS,
            )
          : AUTHORIZED_OPERATIONS_OMITTED,
      };
    },
  });
}
