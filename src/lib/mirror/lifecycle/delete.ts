// delete: the broker removes a mirror only when every topic it ever had is STOPPED, desired and actual
// (PROTOCOL.md §3: 145 from the broker, 143 from the controller); its answer names no topic, so kmirror
// looks first. Deleting needs DELETE (broker) AND ALTER (controller).

import { KafkaResponseError, MirrorError, NotFoundError } from '../core/errors.js';
import type { KafkaClient } from '../../kafka/client.js';
import { kafkaError, errors } from '../../kafka/error-codes.js';
import { KafkaProtocolError } from '../../kafka/errors.js';
import { DeleteClusterMirror, DescribeClusterMirrors, ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeEntry } from '../check/check-mirror.js';
import { describeMirrors } from '../describe/describe.js';
import { orderedStates } from '../describe/lag.js';
import type { BrokerInfo } from '../../kafka/client.js';
import type { ApiKeyMap } from '../../kafka/mirror-api-keys.js';
import { ADMIN_MIRROR_APIS } from '../core/apis.js';
import { mirrorListed } from '../core/list.js';
import { applied, notApplied, sendOrReadBack } from '../core/read-back.js';
import { type ReadOnlyAfterDelete, readOnlyAfterDelete, readOnlyConsequence } from './delete-read-only.js';

export interface DeleteTopicState {
  readonly topic: string;
  /** The partitions' common state; MIXED when they differ; UNKNOWN when no broker reported one. */
  readonly state: string;
  /** Partition count per state. */
  readonly partitions: Record<string, number>;
  /** Desired state MIRRORING or PAUSED (listed by ListClusterMirrors): it must be stopped first. */
  readonly active: boolean;
}

export interface DeletePlan {
  readonly mirror: string;
  readonly topics: DeleteTopicState[];
  readonly toStop: string[];
  readonly settling: string[];
  /** Of `settling`, those wedged (§18): recorded STOPPED, partitions FAILED or MIRRORING; waiting never ends. */
  readonly wedged: string[];
  /** Topics in toStop whose partitions are PAUSED: the broker refuses to stop them (140) until resumed. */
  readonly paused: string[];
  /** The broker refuses to stop FAILED topics (145) until they recover. */
  readonly failed: string[];
  readonly authorizedOperations: string[] | null;
  readonly warnings: string[];
  readonly readOnlyAfterDelete: ReadOnlyAfterDelete | null;
}

export const DELETE_APIS = [DeleteClusterMirror, DescribeClusterMirrors, ListClusterMirrors] as const;

function topicState(partitions: Record<string, number>): string {
  const states = Object.keys(partitions);
  if (states.length === 0) return 'UNKNOWN';
  return states.length === 1 ? (states[0] as string) : 'MIXED';
}

export async function planDelete(
  client: KafkaClient,
  mirror: string,
  options: { principal?: string } = {},
): Promise<DeletePlan> {
  const info = await client.requireMirroring([...DELETE_APIS]);
  const listed = await client.send(ListClusterMirrors, { IncludeTopicNames: true });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const entry = listed.Mirrors.find((m) => m.MirrorName === mirror);
  if (!entry) {
    await throwIfNotDescribable(client, mirror, options.principal);
    throw new NotFoundError('mirror', mirror);
  }
  const described = await describeMirrors(client, [mirror], { includeAuthorizedOperations: true });
  const refused = described.errors.find((e) => e.name === mirror);
  if (refused) throw new KafkaResponseError(refused.errorCode, null, { api: 'DescribeClusterMirrors', mirror });
  // Deleted between the two requests.
  if (described.notFound.includes(mirror)) throw new NotFoundError('mirror', mirror);
  const description = described.mirrors.find((m) => m.name === mirror);

  const active = new Set(entry.TopicNames);
  const byName = new Map<string, Record<string, number>>();
  for (const topic of description?.topics ?? []) byName.set(topic.name, { ...topic.summary.states });
  for (const name of active) if (!byName.has(name)) byName.set(name, {});

  const topics: DeleteTopicState[] = [...byName.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([topic, states]) => ({
      topic,
      state: topicState(states),
      partitions: Object.fromEntries(orderedStates(states)),
      active: active.has(topic),
    }));
  const notStopped = (t: DeleteTopicState): boolean => Object.keys(t.partitions).some((s) => s !== 'STOPPED');
  const toStop = topics.filter((t) => t.active).map((t) => t.topic);
  const settling = topics.filter((t) => !t.active && notStopped(t)).map((t) => t.topic);
  const wedged = topics
    .filter((t) => !t.active && ((t.partitions.FAILED ?? 0) > 0 || (t.partitions.MIRRORING ?? 0) > 0))
    .map((t) => t.topic);
  const paused = topics
    .filter((t) => t.active && Object.keys(t.partitions).some((s) => s === 'PAUSED' || s === 'PAUSING'))
    .map((t) => t.topic);
  const failed = topics.filter((t) => (t.partitions.FAILED ?? 0) > 0).map((t) => t.topic);
  const warnings = described.brokerWarnings.map(
    (w) =>
      `broker ${w.broker}${w.nodeId === null ? '' : ` (node ${w.nodeId})`} did not answer ` +
      `DescribeClusterMirrors (${w.message}); its partitions are not shown`,
  );
  const readOnly = looksLikePrototype(info, client.apiKeys) ? readOnlyAfterDelete(topics) : null;
  if (readOnly) warnings.push(readOnlyConsequence(mirror, readOnly));
  return {
    mirror,
    topics,
    toStop,
    settling,
    wedged,
    paused,
    failed,
    authorizedOperations: description?.authorizedOperations ?? null,
    warnings,
    readOnlyAfterDelete: readOnly,
  };
}

/** ListClusterMirrors hides mirrors the principal may not DESCRIBE; a by-name describe answers 144 for those. */
async function throwIfNotDescribable(client: KafkaClient, mirror: string, principal?: string): Promise<void> {
  const code = (await describeEntry(client, mirror, false))?.ErrorCode ?? 0;
  if (code !== errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code) return;
  throw new MirrorError(
    `not authorized to describe mirror '${mirror}', so kmirror cannot tell whether it exists or which topics it has`,
    'denied',
    {
      kafkaError: { code, name: kafkaError(code).name },
      hint:
        `deleting a mirror needs DESCRIBE (to look first), DELETE and ALTER on it: ` +
        `${aclCommand(mirror, ['Describe', 'Delete', 'Alter'], principal)}`,
    },
  );
}

export function deleteBlocked(plan: DeletePlan): boolean {
  return plan.toStop.length > 0 || plan.settling.length > 0;
}

export function missingDeletePermissions(operations: readonly string[] | null): string[] | null {
  if (operations === null) return null;
  if (operations.includes('ALL')) return [];
  return ['DELETE', 'ALTER'].filter((op) => !operations.includes(op));
}

export function deletePermissionWarning(plan: Pick<DeletePlan, 'authorizedOperations'>, mirror: string): string | null {
  const missing = missingDeletePermissions(plan.authorizedOperations);
  if (!missing || missing.length === 0) return null;
  return (
    `the brokers report that this principal lacks ${missing.join(' and ')} on mirror '${mirror}'; ` +
    `deleting needs both DELETE and ALTER, so the broker will probably refuse`
  );
}

function aclCommand(mirror: string, operations: readonly string[], principal?: string): string {
  const ops = operations.map((op) => `--operation ${op}`).join(' ');
  return (
    `kafka-acls.sh --bootstrap-server <destination> --add --allow-principal ` +
    `${principal ?? 'User:<principal>'} ${ops} --cluster-mirror ${mirror}`
  );
}

const ACL_NAME: Record<string, string> = { DELETE: 'Delete', ALTER: 'Alter' };

export function deleteAuthorizationError(
  mirror: string,
  plan: DeletePlan | null,
  serverMessage: string | null,
  principal?: string,
): MirrorError {
  const missing = missingDeletePermissions(plan?.authorizedOperations ?? null);
  const both =
    'deleting a mirror needs both DELETE (checked by the broker) and ALTER (checked by the controller) on it';
  let why: string;
  if (missing === null || missing.length === 0) why = both;
  else if (missing.length === 2) why = `${both}; this principal has neither`;
  else if (missing[0] === 'ALTER') why = `${both}; this principal has DELETE but not ALTER, so the controller refused`;
  else why = `${both}; this principal has ALTER but not DELETE, so the broker refused`;
  const said = serverMessage?.trim();
  // The prototype sends its default text or ""; anything else is worth repeating.
  const extra = said && !/^cluster mirror authorization failed\.?$/i.test(said) ? ` (broker: ${said})` : '';
  const grant = (missing === null || missing.length === 0 ? ['DELETE', 'ALTER'] : missing).map(
    (op) => ACL_NAME[op] ?? op,
  );
  return new MirrorError(`not authorized to delete mirror '${mirror}': ${why}${extra}`, 'denied', {
    kafkaError: {
      code: errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code,
      name: kafkaError(errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code).name,
    },
    hint: `grant it with ${aclCommand(mirror, grant, principal)}; kmirror check ${mirror} shows every permission`,
  });
}

export interface SendDeleteOptions {
  readonly principal?: string;
  readonly warn?: (message: string) => void;
}

export async function sendDelete(
  client: KafkaClient,
  plan: DeletePlan,
  options: SendDeleteOptions = {},
): Promise<void> {
  const mirror = plan.mirror;
  const response = await sendOrReadBack(
    () => client.send(DeleteClusterMirror, { MirrorName: mirror, StateValidationOffset: -1n }),
    {
      readWith: 'ListClusterMirrors',
      checkWith: 'kmirror list',
      read: async () =>
        (await mirrorListed(client, mirror)) ? notApplied(`mirror '${mirror}' is still listed`) : applied(null),
    },
    options.warn ?? (() => undefined),
  );
  if (response === null) return;
  const code = response.ErrorCode;
  const said = response.ErrorMessage?.trim() || null;
  switch (code) {
    case 0:
      return;
    case errors.UNKNOWN_CLUSTER_MIRROR.code:
      throw new NotFoundError('mirror', mirror, {
        kafkaError: { code, name: kafkaError(code).name },
        hint: 'it existed a moment ago: someone else may have deleted it (kmirror list shows the mirrors left)',
      });
    case errors.CLUSTER_MIRROR_AUTHORIZATION_FAILED.code:
      throw deleteAuthorizationError(mirror, plan, said, options.principal);
    case errors.CLUSTER_MIRROR_NOT_EMPTY.code:
      throw new MirrorError(
        `mirror '${mirror}' still has a MIRRORING or PAUSED topic${said ? ` (broker: ${said})` : ''}; a ` +
          `topic was started or resumed after kmirror looked`,
        'failed',
        {
          kafkaError: { code, name: kafkaError(code).name },
          hint:
            `run kmirror delete ${mirror} again: it lists the topics to stop and the remove-topics command ` +
            `that stops them`,
        },
      );
    case errors.INVALID_CLUSTER_MIRROR_STATES.code:
      throw new MirrorError(
        `the broker refused to delete mirror '${mirror}': some partition of its topics is not STOPPED ` +
          `(still STOPPING, or it moved since kmirror ` +
          `looked)${said && !said.startsWith('Cluster mirror partition states') ? ` (broker: ${said})` : ''}`,
        'failed',
        {
          kafkaError: { code, name: kafkaError(code).name },
          hint: `wait until kmirror describe ${mirror} shows every partition STOPPED, then delete again`,
        },
      );
    default:
      throw new KafkaResponseError(code, said, { api: 'DeleteClusterMirror', mirror });
  }
}

export async function waitUntilGone(
  client: KafkaClient,
  mirror: string,
  sleep: (ms: number, what: string) => Promise<void>,
): Promise<void> {
  let interval = 200;
  while (await mirrorListed(client, mirror)) {
    await sleep(interval, `waiting for mirror '${mirror}' to disappear from ListClusterMirrors`);
    interval = Math.min(interval * 2, 2000);
  }
}

export interface DeleteRefusal {
  readonly toStop: string[];
  readonly settling: string[];
  /** Of `settling`: recorded STOPPED with FAILED or MIRRORING partitions, which no wait and no request stops. */
  readonly wedged: string[];
  /** What unblocks the wedged topics and the command to run next; null when none is wedged. */
  readonly wedgedHint: string | null;
  readonly paused: string[];
  readonly failed: string[];
  /** The `kmirror remove-topics` command that stops `toStop`; null when there is nothing to stop, only to wait for. */
  readonly removeTopicsCommand: string | null;
}

export interface DeleteResult {
  readonly mirror: string;
  readonly deleted: boolean;
  readonly dryRun: boolean;
  readonly topics: DeleteTopicState[];
  /** Set when kmirror refused because some topic is not STOPPED. */
  readonly refusal: DeleteRefusal | null;
  /** With --wait: true once the mirror no longer appears in ListClusterMirrors; null without --wait. */
  readonly confirmedGone: boolean | null;
  /** The STOPPED topics the delete makes read-only until the destination brokers restart (prototype). */
  readonly readOnlyAfterDelete: ReadOnlyAfterDelete | null;
  readonly warnings: string[];
}

export function deleteResultOf(
  plan: DeletePlan,
  outcome: { deleted: boolean; dryRun: boolean; removeTopicsCommand: string | null; confirmedGone?: boolean | null },
): DeleteResult {
  return {
    mirror: plan.mirror,
    deleted: outcome.deleted,
    dryRun: outcome.dryRun,
    topics: plan.topics,
    refusal: deleteBlocked(plan)
      ? {
          toStop: plan.toStop,
          settling: plan.settling,
          wedged: plan.wedged,
          wedgedHint: plan.wedged.length > 0 ? wedgedDeleteHint(plan) : null,
          paused: plan.paused,
          failed: plan.failed,
          removeTopicsCommand: plan.toStop.length > 0 ? outcome.removeTopicsCommand : null,
        }
      : null,
    confirmedGone: outcome.confirmedGone ?? null,
    readOnlyAfterDelete: plan.readOnlyAfterDelete,
    warnings: plan.warnings,
  };
}

export function deleteRefusal(plan: DeletePlan, fix: string | null): MirrorError {
  const states = new Map(plan.topics.map((t) => [t.topic, t.state]));
  const named = [...plan.toStop, ...plan.settling].map((t) => `${t} (${states.get(t) ?? 'UNKNOWN'})`).join(', ');
  const one = plan.toStop.length === 1;
  return new MirrorError(
    `mirror '${plan.mirror}' was not deleted: the broker deletes a mirror only when every topic is STOPPED, not ` +
      `so for ${named}`,
    'failed',
    {
      hint: [
        fix
          ? `stop ${one ? 'it (its destination topic becomes' : 'them (their destination topics become'} writable), ` +
            `then delete again: ${fix}`
          : plan.settling.length > plan.wedged.length
            ? `${plan.wedged.length > 0 ? 'the others are' : 'they are'} already stopping: wait until kmirror ` +
              `describe ${plan.mirror} shows every partition STOPPED, then delete again`
            : '',
        plan.wedged.length > 0 ? wedgedDeleteHint(plan) : '',
      ]
        .filter((h) => h !== '')
        .join('; '),
    },
  );
}

/**
 * What unblocks a delete held by wedged topics (§18): the broker recorded them STOPPED, but partitions that
 * were FAILED at the stop never take it in, and no request stops them later; and the one command to run next.
 */
export function wedgedDeleteHint(plan: Pick<DeletePlan, 'mirror' | 'topics' | 'wedged'>): string {
  const wedged = plan.topics.filter((t) => plan.wedged.includes(t.topic));
  const count = (state: string) => wedged.reduce((n, t) => n + (t.partitions[state] ?? 0), 0);
  const total = wedged.reduce((n, t) => n + Object.values(t.partitions).reduce((a, b) => a + b, 0), 0);
  const failed = count('FAILED');
  const now = `the brokers report ${count('STOPPED')} of ${total} of their partition(s) STOPPED now`;
  const names = wedged.map((t) => t.topic).join(', ');
  const stuck =
    `${names} ${wedged.length === 1 ? 'is' : 'are'} wedged, not stopping: recorded STOPPED, but ` +
    `${failed > 0 ? `${failed} partition(s) FAILED` : `${count('MIRRORING')} partition(s) MIRRORING`} never ` +
    'took the stop in, and the broker refuses to stop them by name (INVALID_CLUSTER_MIRROR_STATES), so waiting ' +
    'does not help';
  const unblock =
    'the only thing seen to unblock the delete is a restart of the destination brokers, and not always: a ' +
    `restart stopped some, all or none of such partitions (${now})`;
  return failed > 0
    ? `${stuck}. While their source does not answer the brokers they stay FAILED whatever is done; once it does, ` +
        `${unblock}. Next: kmirror describe ${plan.mirror} --failed (why they are FAILED)`
    : `${stuck}. ${unblock[0]?.toUpperCase() ?? ''}${unblock.slice(1)}. Next: restart the destination brokers one ` +
        `at a time, then kmirror describe ${plan.mirror} and delete again once every partition is STOPPED`;
}

/** The prototype numbers the admin mirror RPCs 94-105; a broker advertising them there is taken for it. */
export function looksLikePrototype(info: BrokerInfo, keys: ApiKeyMap): boolean {
  return ADMIN_MIRROR_APIS.every((api) => {
    const key = keys.keyOf(api);
    return key >= 94 && key <= 105 && info.apis.has(key);
  });
}
