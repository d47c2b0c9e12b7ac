// A source that mirrors the same topic back from here (PROTOCOL.md §10, "Lifecycle"): still mirroring, it is a
// loop (FAILED, read-only); STOPPED, a failback, truncated where the two logs part.

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
