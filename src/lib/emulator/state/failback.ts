// A mirror whose source cluster mirrors the same topic back from here (PROTOCOL.md §10, "Lifecycle"):
// before truncating, a starting partition lists the source's mirrors. When one of them takes its
// source from this cluster and still mirrors (or has paused) the topic, this is a mirror loop: the
// partition goes FAILED and stays read-only until the source stops the topic. When that mirror has
// STOPPED the topic, this is a failback: the last epoch the source mirrored from here tells where the
// two logs part, and everything this cluster wrote after that point is truncated away.

import type { EmulatedCluster } from './cluster-model.js';
import { endOffsetForEpoch, epochsAt } from './epoch-history.js';
import { loopMessage } from './mirror-loop.js';
import { endOffset, isFrozen, type Topic } from './topics.js';

export type ReverseMirror =
  | { readonly kind: 'loop'; readonly message: string }
  | {
      readonly kind: 'failback';
      /** Where this cluster's log of the partition must be cut; null when the source has no last mirrored epoch. */
      truncationPoint(partition: number): bigint | null;
    };

/** The source's mirror of `topic` that reads from `destination`, if any; null when there is none. */
export function reverseMirrorOf(
  destination: EmulatedCluster,
  mirrorName: string,
  topic: Topic,
  source: EmulatedCluster,
): ReverseMirror | null {
  const sourceTopic = source.topics.get(topic.name);
  const link = sourceTopic?.mirror;
  if (!sourceTopic || !link) return null;
  if (source.mirrors.config(link.name, 'mirror.source.cluster.id') !== destination.clusterId) return null;
  const stopped = link.desired === 'STOPPED' && sourceTopic.partitions.every((p) => p.mirror?.state === 'STOPPED');
  if (!stopped) return { kind: 'loop', message: loopMessage(mirrorName) };
  return {
    kind: 'failback',
    truncationPoint(partition) {
      const sp = sourceTopic.partitions[partition];
      const lastMirrorEpoch = sp?.mirror?.lastMirrorEpoch ?? -1;
      if (!sp || lastMirrorEpoch < 0) return null;
      const logEnd = endOffset(sourceTopic, sp, source.clock.now());
      const { endOffset: point } = endOffsetForEpoch(epochsAt(sp, logEnd, !isFrozen(sp)), lastMirrorEpoch, logEnd);
      return point < 0n ? null : point;
    },
  };
}
