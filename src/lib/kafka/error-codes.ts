// One table for every Kafka error code kmirror can meet: the protocol layer decodes a number,
// the CLI turns it into words. Names and retriable flags follow Kafka's `Errors` enum (upstream
// codes) and the KIP-1279 prototype (134–146, see PROTOCOL.md §6). Messages are rewritten for an
// operator rather than copied; hints say what to do next, and where the same code means different
// things per RPC (42 on Create vs Start) a per-API hint takes precedence.

export interface KafkaErrorInfo {
  readonly code: number;
  readonly name: string;
  /** Kafka's own classification (a subclass of RetriableException). */
  readonly retriable: boolean;
  /** What happened, in words an operator understands. */
  readonly message: string;
  /** What to do about it; may contain `{mirror}` / `{topic}` placeholders. */
  readonly hint: string | null;
  /** Hints that replace `hint` when the error came from a given RPC (key = RPC name). */
  readonly apiHints?: Readonly<Record<string, string>>;
  /** The code is no longer assigned (kept so old brokers' answers stay readable). */
  readonly retired?: boolean;
}

type Entry = Omit<KafkaErrorInfo, 'code'>;

const MIRRORING_DISABLED_HINT =
  'mirroring is disabled: kafka-features.sh --bootstrap-server <destination> upgrade --feature mirror.version=1 (needs metadata.version 4.2-IV2)';

// The RPCs a prototype broker answers with 35 when mirror.version < 1 (PROTOCOL.md §3, "Feature gate").
const MIRROR_RPCS = [
  'CreateClusterMirror',
  'StartMirrorTopics',
  'StopMirrorTopics',
  'PauseMirrorTopics',
  'ResumeMirrorTopics',
  'ListClusterMirrors',
  'DescribeClusterMirrors',
  'DeleteClusterMirror',
  'ReadMirrorStates',
  'WriteMirrorStates',
];

const ACL_HINT =
  'grant it with kafka-acls.sh --bootstrap-server <destination> --add --allow-principal User:<principal> --operation {op} --cluster-mirror {mirror}';

function aclHint(op: string, extra = ''): string {
  return ACL_HINT.replace('{op}', op) + extra;
}

const ENTRIES: Readonly<Record<number, Entry>> = {
  [-1]: {
    name: 'UNKNOWN_SERVER_ERROR',
    retriable: false,
    message: 'the broker hit an unexpected error while handling the request',
    hint: 'check the broker (or controller) log for the stack trace; with mirroring, a mirror name the coordinator cannot key (see the name rules) also ends here',
  },
  0: { name: 'NONE', retriable: false, message: 'no error', hint: null },
  1: {
    name: 'OFFSET_OUT_OF_RANGE',
    retriable: false,
    message: 'the requested offset is outside the range the broker holds',
    hint: null,
  },
  2: {
    name: 'CORRUPT_MESSAGE',
    retriable: true,
    message: 'a record failed its CRC check or is otherwise corrupt',
    hint: 'retry; if it persists, check the network path and the broker disks',
  },
  3: {
    name: 'UNKNOWN_TOPIC_OR_PARTITION',
    retriable: true,
    message: 'the topic or partition does not exist on this cluster',
    hint: 'check the topic name with `kafka-topics.sh --list`; mirror commands act on the destination cluster',
  },
  5: {
    name: 'LEADER_NOT_AVAILABLE',
    retriable: true,
    message: 'the partition has no leader right now (an election is in progress)',
    hint: 'retry in a few seconds',
  },
  6: {
    name: 'NOT_LEADER_OR_FOLLOWER',
    retriable: true,
    message: 'the broker is not the leader (or a replica) of this partition',
    hint: 'metadata was stale; retry',
  },
  7: {
    name: 'REQUEST_TIMED_OUT',
    retriable: true,
    message: 'the broker or controller timed out handling the request',
    hint: 'retry, or raise --timeout; a busy or unavailable controller quorum also causes this',
  },
  8: {
    name: 'BROKER_NOT_AVAILABLE',
    retriable: false,
    message: 'the broker is not available',
    hint: 'check that the broker is running and registered with the cluster',
  },
  9: {
    name: 'REPLICA_NOT_AVAILABLE',
    retriable: true,
    message: 'a replica of the partition is not available',
    hint: 'retry; check for offline brokers',
  },
  10: {
    name: 'MESSAGE_TOO_LARGE',
    retriable: false,
    message: 'a record is larger than the broker accepts',
    hint: 'compare message.max.bytes on the broker with the topic max.message.bytes',
  },
  13: {
    name: 'NETWORK_EXCEPTION',
    retriable: true,
    message: 'the server disconnected before a response was received',
    hint: 'retry; check the network between kmirror and the brokers',
  },
  14: {
    name: 'COORDINATOR_LOAD_IN_PROGRESS',
    retriable: true,
    message: 'the coordinator is still loading its state',
    hint: 'retry in a few seconds',
  },
  15: {
    name: 'COORDINATOR_NOT_AVAILABLE',
    retriable: true,
    message: 'the coordinator is not available',
    hint: 'retry in a few seconds; with mirroring, the mirror coordinator may not be running yet on that broker',
  },
  16: {
    name: 'NOT_COORDINATOR',
    retriable: true,
    message: 'this broker is not the coordinator for the request',
    hint: 'coordinators moved; retry',
  },
  17: {
    name: 'INVALID_TOPIC_EXCEPTION',
    retriable: false,
    message: 'the topic name is not valid',
    hint: 'topic names use only letters, digits, ".", "_" and "-", at most 249 characters',
  },
  19: {
    name: 'NOT_ENOUGH_REPLICAS',
    retriable: true,
    message: 'fewer in-sync replicas than min.insync.replicas',
    hint: 'bring the offline replicas back or lower min.insync.replicas',
  },
  24: {
    name: 'INVALID_GROUP_ID',
    retriable: false,
    message: 'the group id is not valid',
    hint: null,
  },
  25: {
    name: 'UNKNOWN_MEMBER_ID',
    retriable: false,
    message: 'the coordinator does not know this group member',
    hint: null,
  },
  29: {
    name: 'TOPIC_AUTHORIZATION_FAILED',
    retriable: false,
    message: 'not authorized to access the topic',
    hint: 'ask for the topic ACLs this operation needs (kafka-acls.sh --topic <name>)',
    apiHints: {
      StartMirrorTopics:
        'starting mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add --allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      StopMirrorTopics:
        'stopping mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add --allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      PauseMirrorTopics:
        'pausing mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add --allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      ResumeMirrorTopics:
        'resuming mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add --allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      CreateClusterMirror:
        'the mirror was created, but its state topic __mirror_state could not be created as your principal: grant CREATE on the cluster (or on topic __mirror_state), or let an admin create the first mirror; retrying the create now fails with CLUSTER_MIRROR_ALREADY_EXISTS',
    },
  },
  30: {
    name: 'GROUP_AUTHORIZATION_FAILED',
    retriable: false,
    message: 'not authorized to access the consumer group',
    hint: 'ask for the group ACLs this operation needs (kafka-acls.sh --group <id>)',
  },
  31: {
    name: 'CLUSTER_AUTHORIZATION_FAILED',
    retriable: false,
    message: 'not authorized to perform this cluster-level operation',
    hint: 'ask for the cluster ACL this operation needs (kafka-acls.sh --cluster --operation <op>)',
  },
  32: {
    name: 'INVALID_TIMESTAMP',
    retriable: false,
    message: 'a record timestamp is outside the accepted range',
    hint: null,
  },
  33: {
    name: 'UNSUPPORTED_SASL_MECHANISM',
    retriable: false,
    message: 'the broker does not accept the requested SASL mechanism on this listener',
    hint: "pick a mechanism listed in the listener's sasl.enabled.mechanisms (--sasl-mechanism or sasl.mechanism in --command-config)",
  },
  34: {
    name: 'ILLEGAL_SASL_STATE',
    retriable: false,
    message: 'the request is not valid in the current SASL state',
    hint: 'the listener probably expects a different security protocol; check security.protocol',
  },
  35: {
    name: 'UNSUPPORTED_VERSION',
    retriable: false,
    message: 'the broker does not support this API version, or the feature behind it is disabled',
    hint: `for a mirror request: ${MIRRORING_DISABLED_HINT}; otherwise the broker is too old for this request`,
    apiHints: Object.fromEntries(MIRROR_RPCS.map((api) => [api, MIRRORING_DISABLED_HINT])),
  },
  36: {
    name: 'TOPIC_ALREADY_EXISTS',
    retriable: false,
    message: 'a topic with this name (or this topic id) already exists',
    hint: null,
    apiHints: {
      StartMirrorTopics:
        'the source topic id is already used by a destination topic with another name; rename or delete that destination topic',
    },
  },
  37: {
    name: 'INVALID_PARTITIONS',
    retriable: false,
    message: 'the number of partitions is not valid',
    hint: null,
  },
  38: {
    name: 'INVALID_REPLICATION_FACTOR',
    retriable: false,
    message: 'the replication factor is below 1 or larger than the number of available brokers',
    hint: 'mirror topics use the destination default.replication.factor and need that many active brokers',
    apiHints: {
      CreateClusterMirror:
        'the mirror was created, but __mirror_state needs mirror.state.topic.replication.factor (default 3) brokers; lower that broker setting or add brokers (a retry of the create now fails with CLUSTER_MIRROR_ALREADY_EXISTS)',
      StartMirrorTopics:
        'mirror topics are created with the destination default.replication.factor and all replicas on active brokers; add brokers or lower default.replication.factor',
    },
  },
  39: {
    name: 'INVALID_REPLICA_ASSIGNMENT',
    retriable: false,
    message: 'the replica assignment is not valid',
    hint: 'a manual assignment names brokers that are fenced, shutting down or unknown',
  },
  40: {
    name: 'INVALID_CONFIG',
    retriable: false,
    message: 'a configuration key or value was rejected',
    hint: 'the broker message names the key; mirror configs accept only the mirror-level keys (mirror.*, plus the source-cluster client keys such as bootstrap.servers)',
  },
  41: {
    name: 'NOT_CONTROLLER',
    retriable: true,
    message: 'the request reached a node that is not the active controller',
    hint: 'the controller moved; retry',
  },
  42: {
    name: 'INVALID_REQUEST',
    retriable: false,
    message: 'the broker rejected the request as invalid',
    hint: 'see the broker log for the reason; this also happens when a mirror RPC is sent to a controller instead of a broker',
    apiHints: {
      CreateClusterMirror:
        'the mirror config must contain bootstrap.servers (the source cluster) and mirror.source.cluster.id (the source cluster id, read from the source with DescribeCluster)',
      StartMirrorTopics:
        "a listed topic falls outside the mirror's include patterns or inside its exclude patterns; check mirror.topics.include / mirror.topics.exclude of mirror {mirror}",
      DescribeConfigs: 'the mirror name must not be empty',
    },
  },
  43: {
    name: 'UNSUPPORTED_FOR_MESSAGE_FORMAT',
    retriable: false,
    message: 'the message format on the broker does not support the request',
    hint: null,
  },
  44: {
    name: 'POLICY_VIOLATION',
    retriable: false,
    message: 'the request violates a policy configured on the broker',
    hint: 'see the broker message for the policy (create.topic.policy.class.name / alter.config.policy.class.name)',
  },
  45: {
    name: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
    retriable: false,
    message: 'the broker received an out-of-order producer sequence number',
    hint: null,
  },
  47: {
    name: 'INVALID_PRODUCER_EPOCH',
    retriable: false,
    message: 'the producer epoch is older than the broker expects',
    hint: null,
  },
  55: {
    name: 'OPERATION_NOT_ATTEMPTED',
    retriable: false,
    message: 'the broker did not attempt this part of a batched request because another part failed',
    hint: 'fix the other failures reported in the same result and retry',
  },
  56: {
    name: 'KAFKA_STORAGE_ERROR',
    retriable: true,
    message: 'the broker hit a disk error accessing the log',
    hint: 'check the broker log directories',
  },
  57: {
    name: 'LOG_DIR_NOT_FOUND',
    retriable: false,
    message: 'the log directory is not in the broker configuration',
    hint: null,
  },
  58: {
    name: 'SASL_AUTHENTICATION_FAILED',
    retriable: false,
    message: 'SASL authentication failed',
    hint: 'check the user name, password and --sasl-mechanism (SCRAM users must exist for that exact mechanism: kafka-configs.sh --describe --entity-type users)',
  },
  59: {
    name: 'UNKNOWN_PRODUCER_ID',
    retriable: false,
    message: 'the broker has no state for this producer id',
    hint: null,
  },
  60: {
    name: 'REASSIGNMENT_IN_PROGRESS',
    retriable: false,
    message: 'a partition reassignment is in progress',
    hint: 'wait for it to finish (kafka-reassign-partitions.sh --verify)',
  },
  63: {
    name: 'DELEGATION_TOKEN_OWNER_MISMATCH',
    retriable: false,
    message: 'the principal is not the owner or renewer of the delegation token',
    hint: null,
  },
  69: {
    name: 'GROUP_ID_NOT_FOUND',
    retriable: false,
    message: 'the consumer group does not exist',
    hint: null,
  },
  70: {
    name: 'FETCH_SESSION_ID_NOT_FOUND',
    retriable: true,
    message: 'the fetch session was not found',
    hint: null,
  },
  71: {
    name: 'INVALID_FETCH_SESSION_EPOCH',
    retriable: true,
    message: 'the fetch session epoch is not valid',
    hint: null,
  },
  72: {
    name: 'LISTENER_NOT_FOUND',
    retriable: true,
    message: 'the partition leader has no listener matching the one this request came in on',
    hint: 'every broker needs the listener you connect through; check listeners / advertised.listeners',
  },
  73: {
    name: 'TOPIC_DELETION_DISABLED',
    retriable: false,
    message: 'topic deletion is disabled on this cluster',
    hint: 'set delete.topic.enable=true on the brokers',
  },
  74: {
    name: 'FENCED_LEADER_EPOCH',
    retriable: true,
    message: "the leader epoch in the request is older than the broker's",
    hint: null,
  },
  75: {
    name: 'UNKNOWN_LEADER_EPOCH',
    retriable: true,
    message: "the leader epoch in the request is newer than the broker's",
    hint: null,
  },
  87: {
    name: 'INVALID_RECORD',
    retriable: false,
    message: 'the broker rejected a record as invalid',
    hint: null,
  },
  89: {
    name: 'THROTTLING_QUOTA_EXCEEDED',
    retriable: true,
    message: 'a controller mutation quota was exceeded',
    hint: 'retry later, or raise controller_mutation_rate for this principal',
  },
  91: {
    name: 'RESOURCE_NOT_FOUND',
    retriable: false,
    message: 'the request referred to a resource that does not exist',
    hint: null,
  },
  95: {
    name: 'INVALID_UPDATE_VERSION',
    retriable: false,
    message: 'the requested feature version is not valid',
    hint: 'mirror.version=1 needs metadata.version 4.2-IV2 and brokers started with unstable.feature.versions.enable=true',
  },
  96: {
    name: 'FEATURE_UPDATE_FAILED',
    retriable: false,
    message: 'the controller could not update the finalized features',
    hint: 'see the controller log',
  },
  97: {
    name: 'PRINCIPAL_DESERIALIZATION_FAILURE',
    retriable: false,
    message: 'the controller could not read the forwarded principal',
    hint: 'an internal broker security setup problem (principal.builder.class must serialize principals); see the broker log',
  },
  100: {
    name: 'UNKNOWN_TOPIC_ID',
    retriable: true,
    message: 'no topic with this topic id exists on this cluster',
    hint: null,
  },
  103: {
    name: 'INCONSISTENT_TOPIC_ID',
    retriable: true,
    message: "the topic id does not match the existing topic's id",
    hint: null,
    apiHints: {
      StartMirrorTopics:
        'the destination already has a topic with this name but a different topic id (it was not created by mirroring); delete or rename the destination topic first',
    },
  },
  104: {
    name: 'INCONSISTENT_CLUSTER_ID',
    retriable: false,
    message: 'the cluster id in the request does not match this cluster',
    hint: null,
  },
  107: {
    name: 'INELIGIBLE_REPLICA',
    retriable: false,
    message: 'the new in-sync replica set contains an ineligible replica',
    hint: null,
  },
  128: {
    name: 'INVALID_REGULAR_EXPRESSION',
    retriable: false,
    message: 'the regular expression is not valid',
    hint: null,
  },
  129: {
    name: 'REBOOTSTRAP_REQUIRED',
    retriable: false,
    message: 'the client metadata is stale and must be re-bootstrapped',
    hint: 'retry the command',
  },
  134: {
    name: 'READ_ONLY_TOPIC',
    retriable: false,
    message: 'the topic is read-only: it is a mirror topic that is not stopped',
    hint: 'producers cannot write to a mirror topic until mirroring of it is stopped (the failover step for that topic)',
  },
  135: {
    name: 'INVALID_CLUSTER_MIRROR_NAME',
    retriable: false,
    retired: true,
    message: 'the mirror name does not meet the naming rules (code 135, retired by the prototype on 2026-07-08)',
    hint: 'use only letters, digits, ".", "_" and "-", and no ".stopped" / ".paused" / ".removed" suffix',
  },
  136: {
    name: 'CLUSTER_MIRROR_ALREADY_EXISTS',
    retriable: false,
    message: 'a mirror with this name already exists',
    hint: 'pick another name, or inspect the existing one with kmirror describe {mirror}; a create that failed on __mirror_state still left the mirror behind',
  },
  137: {
    name: 'UNKNOWN_CLUSTER_MIRROR',
    retriable: false,
    message: 'the mirror does not exist, or the topic is not in any mirror',
    hint: 'list the mirrors with kmirror list; names are case-sensitive',
  },
  138: {
    name: 'TOPIC_ALREADY_IN_CLUSTER_MIRROR',
    retriable: false,
    message: 'the topic already belongs to another mirror',
    hint: 'a topic can be in one mirror at a time: stop it in the other mirror first (the broker message names that mirror and its state)',
  },
  139: {
    name: 'TOPIC_NOT_IN_CLUSTER_MIRROR',
    retriable: false,
    message: 'the topic belongs to a different mirror',
    hint: 'run the command against the mirror that owns the topic (kmirror describe shows it)',
  },
  140: {
    name: 'MIRROR_TOPIC_ALREADY_PAUSED',
    retriable: false,
    message: 'the mirror topic is paused, so it cannot be stopped',
    hint: 'resume topic {topic} in mirror {mirror} first, then stop it',
  },
  141: {
    name: 'MIRROR_TOPIC_NOT_PAUSED',
    retriable: false,
    message: 'the mirror topic is not paused, so it cannot be resumed',
    hint: "only PAUSED topics can be resumed; kmirror describe {mirror} shows each topic's state",
  },
  142: {
    name: 'MIRROR_TOPIC_BEING_STOPPED',
    retriable: false,
    message: 'the mirror topic is stopped or being stopped, so it cannot be paused',
    hint: 'a stopped topic is no longer mirrored; start it again to mirror it',
  },
  143: {
    name: 'CLUSTER_MIRROR_NOT_EMPTY',
    retriable: false,
    message: 'the mirror still has topics that are not stopped',
    hint: 'stop every topic of mirror {mirror} first, wait until kmirror describe {mirror} shows every partition STOPPED, then delete',
  },
  144: {
    name: 'CLUSTER_MIRROR_AUTHORIZATION_FAILED',
    retriable: false,
    message: 'not authorized for this operation on the cluster mirror',
    hint:
      'the principal needs an ACL on the mirror resource; ' +
      aclHint('<Create|Alter|Delete|Describe|DescribeConfigs|AlterConfigs>'),
    apiHints: {
      CreateClusterMirror: 'creating a mirror needs CREATE on it: ' + aclHint('Create'),
      StartMirrorTopics:
        'starting topics needs ALTER on the mirror (and ALTER_CONFIGS on each topic): ' + aclHint('Alter'),
      StopMirrorTopics:
        'stopping topics needs ALTER on the mirror (and ALTER_CONFIGS on each topic): ' + aclHint('Alter'),
      PauseMirrorTopics:
        'pausing topics needs ALTER on the mirror (and ALTER_CONFIGS on each topic): ' + aclHint('Alter'),
      ResumeMirrorTopics:
        'resuming topics needs ALTER on the mirror (and ALTER_CONFIGS on each topic): ' + aclHint('Alter'),
      DeleteClusterMirror:
        'deleting a mirror needs both DELETE (checked by the broker) and ALTER (checked by the controller) on it: ' +
        aclHint('Delete', ' (and again with --operation Alter)'),
      ListClusterMirrors: 'listing shows only mirrors you may DESCRIBE: ' + aclHint('Describe'),
      DescribeClusterMirrors: 'describing a mirror needs DESCRIBE on it: ' + aclHint('Describe'),
      DescribeConfigs: 'reading mirror configs needs DESCRIBE_CONFIGS on the mirror: ' + aclHint('DescribeConfigs'),
      IncrementalAlterConfigs: 'changing mirror configs needs ALTER_CONFIGS on the mirror: ' + aclHint('AlterConfigs'),
    },
  },
  145: {
    name: 'INVALID_CLUSTER_MIRROR_STATES',
    retriable: false,
    message: 'the mirror partitions are not in the states this operation needs',
    hint: 'run kmirror describe {mirror} first: the broker checks every partition of every listed topic and rejects the whole request if one is off (e.g. starting a topic that is already MIRRORING, PAUSED or FAILED, or stopping one in FAILED)',
  },
  146: {
    name: 'MIRROR_TOPIC_NOT_STOPPED',
    retriable: false,
    message: 'the mirror topic is not stopped',
    hint: 'stop the topic and wait until its partitions report STOPPED before starting it again',
  },
};

const TABLE: ReadonlyMap<number, KafkaErrorInfo> = new Map(
  Object.entries(ENTRIES).map(([code, entry]) => [Number(code), { code: Number(code), ...entry }]),
);

const BY_NAME: ReadonlyMap<string, KafkaErrorInfo> = new Map([...TABLE.values()].map((info) => [info.name, info]));

/** Every known code, sorted, for documentation and tests. */
export function knownKafkaErrors(): KafkaErrorInfo[] {
  return [...TABLE.values()].sort((a, b) => a.code - b.code);
}

/**
 * The table entry for a code. Unknown codes get a readable stand-in rather than a throw: a broker
 * newer than kmirror (or a prototype renumbering) must not turn an error report into a crash.
 */
export function kafkaError(code: number): KafkaErrorInfo {
  const known = TABLE.get(code);
  if (known) return known;
  return {
    code,
    name: `UNKNOWN_CODE_${code}`,
    retriable: false,
    message: `the broker answered with error code ${code}, which kmirror does not know`,
    hint: "the broker may be newer than kmirror; look the code up in the broker's Errors enum",
  };
}

export function kafkaErrorByName(name: string): KafkaErrorInfo | undefined {
  return BY_NAME.get(name);
}

export function isRetriable(code: number): boolean {
  return kafkaError(code).retriable;
}

export interface KafkaErrorHintContext {
  /** RPC name, e.g. `StartMirrorTopics`, selecting a per-API hint. */
  readonly api?: string;
  readonly mirror?: string;
  readonly topic?: string;
}

/** The hint for a code, specialised to the RPC and resource names when known. */
export function kafkaErrorHint(code: number, context: KafkaErrorHintContext = {}): string | null {
  const info = kafkaError(code);
  const template = (context.api !== undefined ? info.apiHints?.[context.api] : undefined) ?? info.hint;
  if (template === null) return null;
  return template
    .replaceAll('{mirror}', context.mirror ?? '<mirror>')
    .replaceAll('{topic}', context.topic ?? '<topic>');
}
