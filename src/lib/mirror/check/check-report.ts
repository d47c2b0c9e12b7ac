// The service behind `kmirror check`: the cluster part (every broker's APIs and features), with a mirror name
// what the principal may do with it, mirrors back from each mirror's source (topics mirrored both ways), and
// with --feature what the proposed feature levels would make invalid.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { type FeatureChange, type FeatureChangeCheck, checkFeatureChange } from '../config/config-levels.js';
import { type ClusterCheck, checkCluster } from './check.js';
import { type CheckResult, type MirrorCheck, checkMirror } from './check-mirror.js';
import { checkTwoWay } from './two-way.js';

/**
 * Whether the cluster can serve cluster mirroring, per broker; with a MIRROR argument, its permissions;
 * with --feature, what the proposed feature levels would make invalid (null when the cluster cannot serve mirrors).
 */
export type CheckReport = CheckResult & { readonly featureChange?: FeatureChangeCheck | null };

export interface CheckRequest {
  readonly mirror: string | undefined;
  readonly featureChanges: readonly FeatureChange[];
  /** A client to a mirror's source with its own short budget (a probe whose failure is only reported). */
  readonly openSource: (settings: ConnectionConfig) => Promise<KafkaClient>;
  /** Called with the cluster part when the mirror part fails, so it can be shown above the error. */
  readonly clusterBeforeFailure: (cluster: ClusterCheck) => void;
}

export type CheckOutcome = 'usable' | 'unsupported' | 'invalid-at-level' | 'brokers-unreachable';

export async function checkReport(client: KafkaClient, request: CheckRequest): Promise<CheckReport> {
  const cluster = await checkCluster(client);
  const usable = cluster.verdict === 'usable';
  let mirror: MirrorCheck | null | undefined;
  if (request.mirror !== undefined) {
    try {
      mirror = usable ? await checkMirror(client, request.mirror) : null;
    } catch (err) {
      request.clusterBeforeFailure(cluster);
      throw err;
    }
  }
  const twoWay =
    usable && cluster.clusterId !== null
      ? await checkTwoWay(client, cluster.clusterId, { openSource: request.openSource })
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

/** What the report says as a whole, for the exit code: a report is printed whole whatever it says. */
export function checkOutcome(report: CheckReport): CheckOutcome {
  const change = report.featureChange;
  const invalid = change ? change.invalid.length + change.dependencies.length : 0;
  if (report.verdict !== 'usable') return 'unsupported';
  if (invalid > 0) return 'invalid-at-level';
  if (report.unreachable.length > 0) return 'brokers-unreachable';
  return 'usable';
}
