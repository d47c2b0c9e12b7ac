// The service behind `kmirror check`: the cluster part, with a mirror name the principal's permissions and
// mirrors back from each source, with --feature what the proposed levels would make invalid.

import type { KafkaClient } from '../../kafka/client.js';
import { type FeatureChange, type FeatureChangeCheck, checkFeatureChange } from '../config/config-levels.js';
import { type ClusterCheck, checkCluster } from './check.js';
import { type CheckResult, type MirrorCheck, checkMirror } from './check-mirror.js';
import { checkTwoWay } from './two-way.js';
import type { SourceCheckPolicy } from '../core/source-check.js';

/**
 * Whether the cluster can serve cluster mirroring, per broker; with a MIRROR argument, its permissions;
 * with --feature, what the proposed feature levels would make invalid (null when the cluster cannot serve mirrors).
 */
export type CheckReport = CheckResult & { readonly featureChange?: FeatureChangeCheck | null };

export interface CheckRequest {
  readonly mirror: string | undefined;
  readonly featureChanges: readonly FeatureChange[];
  readonly sourceCheck: SourceCheckPolicy;
  readonly clusterBeforeFailure: (cluster: ClusterCheck) => void;
}

export type CheckOutcome =
  'usable' | 'topic-permission-denied' | 'unsupported' | 'invalid-at-level' | 'brokers-unreachable';

export async function checkReport(client: KafkaClient, request: CheckRequest): Promise<CheckReport> {
  const cluster = await checkCluster(client);
  const usable = cluster.verdict === 'usable';
  let mirror: MirrorCheck | null | undefined;
  if (request.mirror !== undefined) {
    try {
      mirror = usable ? await checkMirror(client, request.mirror, request.sourceCheck) : null;
    } catch (err) {
      request.clusterBeforeFailure(cluster);
      throw err;
    }
  }
  const twoWay =
    usable && cluster.clusterId !== null
      ? await checkTwoWay(client, cluster.clusterId, { sourceCheck: request.sourceCheck })
      : undefined;
  const featureChange =
    request.featureChanges.length === 0
      ? undefined
      : usable
        ? await checkFeatureChange(client, request.featureChanges)
        : null;
  return {
    ...cluster,
    ...(mirror === undefined ? {} : { mirror }),
    ...(featureChange === undefined ? {} : { featureChange }),
    ...(twoWay === undefined ? {} : { twoWay }),
  };
}

export function checkOutcome(report: CheckReport): CheckOutcome {
  const change = report.featureChange;
  const invalid = change ? change.invalid.length + change.dependencies.length : 0;
  if (report.verdict !== 'usable') return 'unsupported';
  // Pause, remove-topics and resume would fail with TOPIC_AUTHORIZATION_FAILED on these topics.
  if ((report.mirror?.topicPermissions.deniedTopics.length ?? 0) > 0) return 'topic-permission-denied';
  if (invalid > 0) return 'invalid-at-level';
  if (report.unreachable.length > 0) return 'brokers-unreachable';
  return 'usable';
}
