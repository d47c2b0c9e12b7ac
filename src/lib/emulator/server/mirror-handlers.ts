// The mirror RPCs (keys 94–96, 98–105 by default) delegate to the engine with the principal and the
// receiving node; DescribeClusterMirrors therefore answers only for what this node leads.

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
} from '../../kafka/messages/index.js';
import { engineContext, type BrokerContext } from './broker-context.js';
import { defineHandler, type RegisteredHandler } from './handler.js';

export function mirrorHandlers(broker: BrokerContext): RegisteredHandler[] {
  const cluster = broker.cluster;
  return [
    defineHandler({
      api: CreateClusterMirror,
      handle: (ctx, body) => cluster.createClusterMirror(engineContext(ctx), body),
    }),
    defineHandler({
      api: StartMirrorTopics,
      handle: (ctx, body) => cluster.startMirrorTopics(engineContext(ctx), body),
    }),
    defineHandler({ api: StopMirrorTopics, handle: (ctx, body) => cluster.stopMirrorTopics(engineContext(ctx), body) }),
    defineHandler({
      api: ListClusterMirrors,
      handle: (ctx, body) => cluster.listClusterMirrors(engineContext(ctx), body),
    }),
    defineHandler({
      api: DescribeClusterMirrors,
      handle: (ctx, body) => cluster.describeClusterMirrors(engineContext(ctx), body),
    }),
    defineHandler({ api: ReadMirrorStates, handle: (ctx, body) => cluster.readMirrorStates(engineContext(ctx), body) }),
    defineHandler({
      api: WriteMirrorStates,
      handle: (ctx, body) => cluster.writeMirrorStates(engineContext(ctx), body),
    }),
    defineHandler({
      api: PauseMirrorTopics,
      handle: (ctx, body) => cluster.pauseMirrorTopics(engineContext(ctx), body),
    }),
    defineHandler({
      api: ResumeMirrorTopics,
      handle: (ctx, body) => cluster.resumeMirrorTopics(engineContext(ctx), body),
    }),
    defineHandler({
      api: DeleteClusterMirror,
      handle: (ctx, body) => cluster.deleteClusterMirror(engineContext(ctx), body),
    }),
    defineHandler({ api: BumpLeaderEpochs, handle: (ctx, body) => cluster.bumpLeaderEpochs(engineContext(ctx), body) }),
  ];
}
