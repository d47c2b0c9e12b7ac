// `kmirror check MIRROR` (mirror part): which operations the principal may perform on one mirror,
// from DescribeClusterMirrors' AuthorizedOperations bitfield (PROTOCOL.md §7), and what each missing
// one prevents. The broker computes the bitfield with the same authorizer that guards the RPCs.

import { MirrorError, NotFoundError } from '../core/errors.js';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, errors } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { DescribeClusterMirrors, ListClusterMirrors } from '../../kafka/messages/index.js';
import type { ResponseOf } from '../../kafka/message-types.js';
import type { ClusterCheck } from './check.js';
import type { TwoWayCheck } from './two-way.js';
import { DEFAULT_BROKER_RETRY_MS, describeMirrors } from '../describe/describe.js';
import { decodeOperations } from '../core/operations.js';
import { diagnoseFailures, type FailureCauseGroup } from '../describe/failure-causes.js';
import { gatherFailureFacts, type SourceCheckNote } from '../describe/failure-facts.js';
import type { SourceCheckPolicy } from '../core/source-check.js';
import { confirmOnSources, type RecreatedSourceTopic } from '../describe/source-confirm.js';
import { wedgedTopicsOf, type WedgedTopic } from '../describe/wedged-topics.js';
import { checkTopicPermissions, mirrorTopicNames, type TopicPermissionCheck } from './topic-permissions.js';

export const MIRROR_PERMISSIONS: readonly { readonly operation: string; readonly neededBy: readonly string[] }[] = [
  { operation: 'DESCRIBE', neededBy: ['list', 'describe'] },
  { operation: 'ALTER', neededBy: ['add-topics', 'remove-topics', 'pause', 'resume', 'delete'] },
  { operation: 'DELETE', neededBy: ['delete'] },
  { operation: 'DESCRIBE_CONFIGS', neededBy: ['config get', 'add-topics (reads the source connection)'] },
  { operation: 'ALTER_CONFIGS', neededBy: ['config set'] },
  // CREATE is checked on a name that does not exist yet; on an existing mirror it only informs.
  { operation: 'CREATE', neededBy: ['create'] },
];

export interface MirrorPermission {
  readonly operation: string;
  readonly allowed: boolean;
  readonly neededBy: string[];
}

export interface MirrorCheck {
  readonly name: string;
  /** Every operation the brokers say the principal may perform on the mirror. */
  readonly authorizedOperations: string[];
  readonly permissions: MirrorPermission[];
  /** The mirror's FAILED partitions by recognised cause, with the recovery that works. */
  readonly failureCauses: FailureCauseGroup[];
  /** Topics recorded STOPPED whose partitions are FAILED or MIRRORING (wedged-topics.ts). */
  readonly wedged: WedgedTopic[];
  /** Its topics whose source id is not the destination's (copies nothing, §18); asked with the source check. */
  readonly recreatedTopics: RecreatedSourceTopic[];
  /** The source check's own words when it asked the source (absent when it did not). */
  readonly sourceChecks?: SourceCheckNote[];
  /** ALTER_CONFIGS on the mirror's topics, which pause, remove-topics and resume need; any denial exits 5. */
  readonly topicPermissions: TopicPermissionCheck;
}

type DescribedMirror = ResponseOf<typeof DescribeClusterMirrors>['Mirrors'][number];

/**
 * ErrorCode 144 when the principal may not describe it. Every broker authorizes the same way; asking all
 * keeps one dead broker from failing the check.
 */
export async function describeEntry(
  client: KafkaClient,
  name: string,
  includeAuthorizedOperations: boolean,
): Promise<DescribedMirror | undefined> {
  const fanOut = await client.sendToEvery(
    DescribeClusterMirrors,
    { MirrorNames: [name], IncludeAuthorizedOperations: includeAuthorizedOperations },
    { retryForMs: DEFAULT_BROKER_RETRY_MS },
  );
  const answer = fanOut.answers.find((a) => a.response.ErrorCode === 0) ?? fanOut.answers[0];
  if (!answer) throw fanOut.failures[0]?.error ?? new Error('no broker answered DescribeClusterMirrors');
  const response = answer.response;
  if (response.ErrorCode !== 0)
    throw new KafkaProtocolError(
      response.ErrorCode,
      'DescribeClusterMirrors',
      response.ErrorMessage,
      `${answer.broker.host}:${answer.broker.port}`,
      name,
    );
  return response.Mirrors.find((m) => m.MirrorName === name);
}

export function permissionsFor(authorized: readonly string[]): MirrorPermission[] {
  const all = authorized.includes('ALL');
  return MIRROR_PERMISSIONS.map((p) => ({
    operation: p.operation,
    allowed: all || authorized.includes(p.operation),
    neededBy: [...p.neededBy],
  }));
}

/**
 * Describe comes first: ListClusterMirrors silently hides mirrors the principal may not describe, which
 * would look like "not found".
 */
export async function checkMirror(
  client: KafkaClient,
  name: string,
  sourceCheck?: SourceCheckPolicy,
): Promise<MirrorCheck> {
  await client.requireMirroring([DescribeClusterMirrors, ListClusterMirrors]);
  const entry = await describeEntry(client, name, true);
  if (entry && entry.ErrorCode === errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code) {
    throw new MirrorError(
      `not authorized to describe mirror '${name}': this principal may not see it, so no other operation on ` +
        `it can be checked`,
      'denied',
      {
        kafkaError: { code: entry.ErrorCode, name: kafkaError(entry.ErrorCode).name },
        hint:
          `grant DESCRIBE first: kafka-acls.sh --bootstrap-server <destination> --add --allow-principal ` +
          `User:<principal> --operation Describe --cluster-mirror ${name}`,
      },
    );
  }
  if (entry && entry.ErrorCode !== 0)
    throw new KafkaProtocolError(entry.ErrorCode, 'DescribeClusterMirrors', null, undefined, name);

  // DescribeClusterMirrors answers an unknown name with an empty success; the list knows better.
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: false });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  if (!listed.Mirrors.some((m) => m.MirrorName === name)) throw new NotFoundError('mirror', name);

  const decoded = entry ? decodeOperations(entry.AuthorizedOperations) : undefined;
  if (decoded === undefined) {
    throw new MirrorError(
      `the broker did not report which operations this principal may perform on mirror '${name}'`,
      'failed',
      {
        hint:
          'the broker ignored IncludeAuthorizedOperations; kmirror check needs a broker that fills ' +
          'AuthorizedOperations in DescribeClusterMirrors',
      },
    );
  }
  const described = await describeMirrors(client, [name]);
  const topicPermissions = await checkTopicPermissions(client, await mirrorTopicNames(client, name));
  const base = { name, authorizedOperations: decoded, permissions: permissionsFor(decoded), topicPermissions };
  const wedged = await wedgedTopicsOf(client, described);
  if (!sourceCheck?.enabled)
    return { ...base, failureCauses: diagnoseFailures(described, null), recreatedTopics: [], wedged };
  const failing = described.mirrors.some((m) => m.summary.failing > 0);
  const [gathered, confirmed] = await Promise.all([
    failing ? gatherFailureFacts(client, described, await describeMirrors(client, []), sourceCheck) : undefined,
    confirmOnSources(client, described, false, sourceCheck),
  ]);
  return {
    ...base,
    failureCauses: diagnoseFailures(described, null, gathered?.facts),
    recreatedTopics: confirmed.recreatedTopics,
    wedged,
    ...(gathered && gathered.checks.length > 0 ? { sourceChecks: gathered.checks } : {}),
  };
}

export type CheckResult = ClusterCheck & {
  /** Absent without a MIRROR argument; null when the cluster cannot serve mirrors, so nothing was asked. */
  readonly mirror?: MirrorCheck | null;
  /** Topics mirrored both ways (here and a mirror's source each read them from the other); absent when not usable. */
  readonly twoWay?: TwoWayCheck;
};

export function missingPermissions(check: MirrorCheck): MirrorPermission[] {
  return check.permissions.filter((p) => !p.allowed && p.operation !== 'CREATE');
}
