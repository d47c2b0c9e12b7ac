// The prototype compares the source's cluster id with the stored mirror.source.cluster.id at every sync and,
// when they differ, fails every partition for good (only a restart of the destination brokers clears it),
// so `create` and `config set` ask the source first; --force stores what it is given.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { InvalidInputError } from '../core/errors.js';
import { DescribeCluster } from '../../kafka/messages/index.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { MirrorError, SourceClusterError } from '../core/errors.js';

export const WRONG_ID_EFFECT =
  'at its next sync the broker moves every partition of the mirror to non-retryable FAILED ' +
  '("Source cluster ID changed"), which only a restart of the destination brokers clears';

export interface SourceIdCheck {
  readonly expected: string | null;
  readonly reported: string;
  readonly destination: string | null;
  readonly sourceLabel: string;
  readonly origin: string;
  readonly fix: string;
}

export function checkSourceClusterId(check: SourceIdCheck): string {
  if (check.destination !== null && check.reported === check.destination) {
    throw new InvalidInputError(
      `${check.sourceLabel} is the destination cluster itself (cluster id ${check.reported}): a mirror ` +
        `copies from another cluster`,
      { hint: 'give the brokers of the SOURCE cluster (bootstrap.servers / --source-bootstrap), not those of -b' },
    );
  }
  if (check.expected === null || check.expected === check.reported) return check.reported;
  throw new InvalidInputError(
    `${check.origin} is ${check.expected}, but ${check.sourceLabel} reports cluster id ${check.reported}; ` +
      `${WRONG_ID_EFFECT}`,
    { hint: `${check.fix}; --force stores it without asking the source` },
  );
}

export async function reportedClusterId(client: KafkaClient): Promise<string | null> {
  const info = await client.bootstrap();
  if (!info.apis.has(DescribeCluster.apiKey)) return (await client.clusterView()).clusterId;
  const response = await client.send(DescribeCluster, {
    IncludeClusterAuthorizedOperations: false,
    EndpointType: 1,
    IncludeFencedBrokers: false,
  });
  if (response.ErrorCode !== 0)
    throw new KafkaProtocolError(response.ErrorCode, 'DescribeCluster', response.ErrorMessage);
  return response.ClusterId;
}

export async function lookupSourceClusterId(
  connection: ConnectionConfig,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
): Promise<string> {
  const client = await openSource(connection);
  try {
    const clusterId = await reportedClusterId(client);
    if (!clusterId)
      throw new MirrorError('the source cluster did not report a cluster id', 'failed', {
        hint: 'pass it with --source-cluster-id ID --force',
      });
    return clusterId;
  } catch (err) {
    throw new SourceClusterError(
      `cannot read the source cluster id from ${connection.bootstrap.join(',')}`,
      'check --source-bootstrap and --source-config (they describe the SOURCE cluster), or pass ' +
        '--source-cluster-id ID --force to create the mirror without asking the source',
      err,
    );
  } finally {
    await Promise.race([
      client.close().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]);
  }
}
