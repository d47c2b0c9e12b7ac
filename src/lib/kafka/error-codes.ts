// The one table of Kafka error codes: everything names a code as `errors.UNKNOWN_CLUSTER_MIRROR`. Names and retriable
// flags follow Kafka's `Errors` enum and the KIP-1279 prototype (134–146, PROTOCOL.md §6); per-API hints win
// where one code means different things per RPC (42 on Create vs Start).

export type KafkaErrorClass = 'failed' | 'denied' | 'unsupported' | 'not-found';

export interface KafkaErrorInfo {
  readonly code: number;
  readonly name: string;
  readonly retriable: boolean;
  readonly message: string;
  readonly hint: string | null;
  readonly apiHints?: Readonly<Record<string, string>>;
  readonly retired?: boolean;
  readonly exit: KafkaErrorClass;
  readonly subject: 'topic' | 'mirror';
  /** Kafka's default text for the code (`Errors.X.message()`), where a broker sends it verbatim. */
  readonly brokerMessage?: string;
}

type Entry = Omit<KafkaErrorInfo, 'name' | 'exit' | 'subject'> & {
  readonly exit?: KafkaErrorClass;
  readonly subject?: 'topic' | 'mirror';
};

export const ENABLE_MIRRORING_HINT =
  'enable it on the destination: kafka-features.sh --bootstrap-server <destination> upgrade --feature ' +
  'mirror.version=1 (needs metadata.version 4.2-IV2 first: kafka-features.sh upgrade --metadata 4.2-IV2; brokers ' +
  'and controllers must run with unstable.feature.versions.enable=true)';

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
  'grant it with kafka-acls.sh --bootstrap-server <destination> --add --allow-principal User:<principal> ' +
  '--operation {op} --cluster-mirror {mirror}';

function aclHint(op: string, extra = ''): string {
  return ACL_HINT.replace('{op}', op) + extra;
}

const ENTRIES = {
  UNKNOWN_SERVER_ERROR: {
    code: -1,
    retriable: false,
    message: 'the broker hit an unexpected error while handling the request',
    hint:
      'check the broker (or controller) log for the stack trace; with mirroring, a mirror name the ' +
      'coordinator cannot key (see the name rules) also ends here',
  },
  NONE: { code: 0, retriable: false, message: 'no error', hint: null },
  OFFSET_OUT_OF_RANGE: {
    code: 1,
    retriable: false,
    message: 'the requested offset is outside the range the broker holds',
    hint: null,
  },
  CORRUPT_MESSAGE: {
    code: 2,
    retriable: true,
    message: 'a record failed its CRC check or is otherwise corrupt',
    hint: 'retry; if it persists, check the network path and the broker disks',
  },
  UNKNOWN_TOPIC_OR_PARTITION: {
    code: 3,
    subject: 'topic',
    exit: 'not-found',
    retriable: true,
    message: 'the topic or partition does not exist on this cluster',
    hint: 'check the topic name with `kafka-topics.sh --list`; mirror commands act on the destination cluster',
  },
  LEADER_NOT_AVAILABLE: {
    code: 5,
    retriable: true,
    message: 'the partition has no leader right now (an election is in progress)',
    hint: 'retry in a few seconds',
  },
  NOT_LEADER_OR_FOLLOWER: {
    code: 6,
    retriable: true,
    message: 'the broker is not the leader (or a replica) of this partition',
    hint: 'metadata was stale; retry',
  },
  REQUEST_TIMED_OUT: {
    code: 7,
    retriable: true,
    message: 'the broker or controller timed out handling the request',
    hint: 'retry, or raise --timeout; a busy or unavailable controller quorum also causes this',
  },
  BROKER_NOT_AVAILABLE: {
    code: 8,
    retriable: false,
    message: 'the broker is not available',
    hint: 'check that the broker is running and registered with the cluster',
  },
  REPLICA_NOT_AVAILABLE: {
    code: 9,
    retriable: true,
    message: 'a replica of the partition is not available',
    hint: 'retry; check for offline brokers',
  },
  MESSAGE_TOO_LARGE: {
    code: 10,
    retriable: false,
    message: 'a record is larger than the broker accepts',
    hint: 'compare message.max.bytes on the broker with the topic max.message.bytes',
  },
  NETWORK_EXCEPTION: {
    code: 13,
    retriable: true,
    message: 'the server disconnected before a response was received',
    hint: 'retry; check the network between kmirror and the brokers',
  },
  COORDINATOR_LOAD_IN_PROGRESS: {
    code: 14,
    retriable: true,
    message: 'the coordinator is still loading its state',
    hint: 'retry in a few seconds',
  },
  COORDINATOR_NOT_AVAILABLE: {
    code: 15,
    brokerMessage: 'The coordinator is not available.',
    retriable: true,
    message: 'the coordinator is not available',
    hint: 'retry in a few seconds; with mirroring, the mirror coordinator may not be running yet on that broker',
  },
  NOT_COORDINATOR: {
    code: 16,
    brokerMessage: 'This is not the correct coordinator.',
    retriable: true,
    message: 'this broker is not the coordinator for the request',
    hint: 'coordinators moved; retry',
  },
  INVALID_TOPIC_EXCEPTION: {
    code: 17,
    subject: 'topic',
    retriable: false,
    message: 'the topic name is not valid',
    hint: 'topic names use only letters, digits, ".", "_" and "-", at most 249 characters',
  },
  NOT_ENOUGH_REPLICAS: {
    code: 19,
    retriable: true,
    message: 'fewer in-sync replicas than min.insync.replicas',
    hint: 'bring the offline replicas back or lower min.insync.replicas',
  },
  INVALID_REQUIRED_ACKS: {
    code: 21,
    retriable: false,
    message: 'a produce request asked for acks other than -1, 0 or 1',
    hint: null,
  },
  ILLEGAL_GENERATION: {
    code: 22,
    retriable: false,
    message: 'the group member is not in the current generation of the group',
    hint: null,
  },
  INVALID_GROUP_ID: {
    code: 24,
    retriable: false,
    message: 'the group id is not valid',
    hint: null,
  },
  UNKNOWN_MEMBER_ID: {
    code: 25,
    retriable: false,
    message: 'the coordinator does not know this group member',
    hint: null,
  },
  TOPIC_AUTHORIZATION_FAILED: {
    code: 29,
    brokerMessage: 'Topic authorization failed.',
    subject: 'topic',
    exit: 'denied',
    retriable: false,
    message: 'not authorized to access the topic',
    hint: 'ask for the topic ACLs this operation needs (kafka-acls.sh --topic <name>)',
    apiHints: {
      StartMirrorTopics:
        'starting mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add ' +
        '--allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      StopMirrorTopics:
        'stopping mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add ' +
        '--allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      PauseMirrorTopics:
        'pausing mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add ' +
        '--allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      ResumeMirrorTopics:
        'resuming mirror topics needs ALTER_CONFIGS on every listed topic: kafka-acls.sh --add ' +
        '--allow-principal User:<principal> --operation AlterConfigs --topic <name>',
      CreateClusterMirror:
        'the mirror was created, but its state topic __mirror_state could not be created as your principal: ' +
        'grant CREATE on the cluster (or on topic __mirror_state), or let an admin create the first mirror; ' +
        'retrying the create now fails with CLUSTER_MIRROR_ALREADY_EXISTS',
    },
  },
  GROUP_AUTHORIZATION_FAILED: {
    code: 30,
    brokerMessage: 'Group authorization failed.',
    exit: 'denied',
    retriable: false,
    message: 'not authorized to access the consumer group',
    hint:
      'reading group offsets needs DESCRIBE on the group: kafka-acls.sh --add --allow-principal ' +
      'User:<principal> --operation Describe --group {group}',
  },
  CLUSTER_AUTHORIZATION_FAILED: {
    code: 31,
    brokerMessage: 'Cluster authorization failed.',
    exit: 'denied',
    retriable: false,
    message: 'not authorized to perform this cluster-level operation',
    hint: 'ask for the cluster ACL this operation needs (kafka-acls.sh --cluster --operation <op>)',
  },
  INVALID_TIMESTAMP: {
    code: 32,
    retriable: false,
    message: 'a record timestamp is outside the accepted range',
    hint: null,
  },
  UNSUPPORTED_SASL_MECHANISM: {
    code: 33,
    exit: 'denied',
    retriable: false,
    message: 'the broker does not accept the requested SASL mechanism on this listener',
    hint:
      "pick a mechanism listed in the listener's sasl.enabled.mechanisms (--sasl-mechanism or " +
      'sasl.mechanism in --command-config)',
  },
  ILLEGAL_SASL_STATE: {
    code: 34,
    retriable: false,
    message: 'the request is not valid in the current SASL state',
    hint: 'the listener probably expects a different security protocol; check security.protocol',
  },
  UNSUPPORTED_VERSION: {
    code: 35,
    brokerMessage: 'The version of API is not supported.',
    exit: 'unsupported',
    retriable: false,
    message: 'the broker does not support this API version, or the feature behind it is disabled',
    hint:
      `for a mirror request, mirroring may be disabled: ${ENABLE_MIRRORING_HINT}; otherwise the broker is ` +
      `too old for this request`,
    apiHints: Object.fromEntries(MIRROR_RPCS.map((api) => [api, `mirroring is disabled: ${ENABLE_MIRRORING_HINT}`])),
  },
  TOPIC_ALREADY_EXISTS: {
    code: 36,
    subject: 'topic',
    retriable: false,
    message: 'a topic with this name (or this topic id) already exists',
    hint: null,
    apiHints: {
      StartMirrorTopics:
        'the source topic id is already used by a destination topic with another name; rename or delete ' +
        'that destination topic',
    },
  },
  INVALID_PARTITIONS: {
    code: 37,
    retriable: false,
    message: 'the number of partitions is not valid',
    hint: null,
  },
  INVALID_REPLICATION_FACTOR: {
    code: 38,
    subject: 'topic',
    retriable: false,
    message: 'the replication factor is below 1 or larger than the number of available brokers',
    hint: 'mirror topics use the destination default.replication.factor and need that many active brokers',
    apiHints: {
      CreateClusterMirror:
        'the mirror was created, but __mirror_state needs mirror.state.topic.replication.factor (default 3) ' +
        'brokers; lower that broker setting or add brokers (a retry of the create now fails with ' +
        'CLUSTER_MIRROR_ALREADY_EXISTS)',
      StartMirrorTopics:
        'mirror topics are created with the destination default.replication.factor and all replicas on ' +
        'active brokers; add brokers or lower default.replication.factor',
    },
  },
  INVALID_REPLICA_ASSIGNMENT: {
    code: 39,
    retriable: false,
    message: 'the replica assignment is not valid',
    hint: 'a manual assignment names brokers that are fenced, shutting down or unknown',
  },
  INVALID_CONFIG: {
    code: 40,
    retriable: false,
    message: 'a configuration key or value was rejected',
    hint:
      'the broker message names the key; mirror configs accept only the mirror-level keys (mirror.*, plus ' +
      'the source-cluster client keys such as bootstrap.servers)',
  },
  NOT_CONTROLLER: {
    code: 41,
    retriable: true,
    message: 'the request reached a node that is not the active controller',
    hint: 'the controller moved; retry',
  },
  INVALID_REQUEST: {
    code: 42,
    retriable: false,
    message: 'the broker rejected the request as invalid',
    hint:
      'see the broker log for the reason; this also happens when a mirror RPC is sent to a controller ' +
      'instead of a broker',
    apiHints: {
      CreateClusterMirror:
        'the mirror config must contain bootstrap.servers (the source cluster) and mirror.source.cluster.id ' +
        '(the source cluster id, read from the source with DescribeCluster)',
      StartMirrorTopics:
        "a listed topic falls outside the mirror's include patterns or inside its exclude patterns; check " +
        'mirror.topics.include / mirror.topics.exclude of mirror {mirror}',
      DescribeConfigs: 'the mirror name must not be empty',
    },
  },
  UNSUPPORTED_FOR_MESSAGE_FORMAT: {
    code: 43,
    retriable: false,
    message: 'the message format on the broker does not support the request',
    hint: null,
  },
  POLICY_VIOLATION: {
    code: 44,
    retriable: false,
    message: 'the request violates a policy configured on the broker',
    hint: 'see the broker message for the policy (create.topic.policy.class.name / alter.config.policy.class.name)',
  },
  OUT_OF_ORDER_SEQUENCE_NUMBER: {
    code: 45,
    retriable: false,
    message: 'the broker received an out-of-order producer sequence number',
    hint: null,
  },
  DUPLICATE_SEQUENCE_NUMBER: {
    code: 46,
    retriable: false,
    message: 'the broker received a duplicate producer sequence number',
    hint: null,
  },
  INVALID_PRODUCER_EPOCH: {
    code: 47,
    retriable: false,
    message: 'the producer epoch is older than the broker expects',
    hint: null,
  },
  INVALID_TXN_STATE: {
    code: 48,
    retriable: false,
    message: 'the producer attempted a transactional operation in an invalid state',
    hint: null,
  },
  INVALID_PRODUCER_ID_MAPPING: {
    code: 49,
    retriable: false,
    message: 'the producer id does not match the transactional id it was used with',
    hint: null,
  },
  INVALID_TRANSACTION_TIMEOUT: {
    code: 50,
    retriable: false,
    message: 'the transaction timeout is larger than the broker allows (transaction.max.timeout.ms)',
    hint: null,
  },
  CONCURRENT_TRANSACTIONS: {
    code: 51,
    retriable: true,
    message: 'the producer attempted to update a transaction while another update was in progress',
    hint: null,
  },
  TRANSACTIONAL_ID_AUTHORIZATION_FAILED: {
    code: 53,
    exit: 'denied',
    retriable: false,
    message: 'not authorized to use this transactional id',
    hint: null,
  },
  OPERATION_NOT_ATTEMPTED: {
    code: 55,
    retriable: false,
    message: 'the broker did not attempt this part of a batched request because another part failed',
    hint: 'fix the other failures reported in the same result and retry',
  },
  KAFKA_STORAGE_ERROR: {
    code: 56,
    retriable: true,
    message: 'the broker hit a disk error accessing the log',
    hint: 'check the broker log directories',
  },
  LOG_DIR_NOT_FOUND: {
    code: 57,
    retriable: false,
    message: 'the log directory is not in the broker configuration',
    hint: null,
  },
  SASL_AUTHENTICATION_FAILED: {
    code: 58,
    exit: 'denied',
    retriable: false,
    message: 'SASL authentication failed',
    hint:
      'check the user name, password and --sasl-mechanism (SCRAM users must exist for that exact ' +
      'mechanism: kafka-configs.sh --describe --entity-type users)',
  },
  UNKNOWN_PRODUCER_ID: {
    code: 59,
    retriable: false,
    message: 'the broker has no state for this producer id',
    hint: null,
  },
  REASSIGNMENT_IN_PROGRESS: {
    code: 60,
    retriable: false,
    message: 'a partition reassignment is in progress',
    hint: 'wait for it to finish (kafka-reassign-partitions.sh --verify)',
  },
  DELEGATION_TOKEN_OWNER_MISMATCH: {
    code: 63,
    retriable: false,
    message: 'the principal is not the owner or renewer of the delegation token',
    hint: null,
  },
  DELEGATION_TOKEN_AUTHORIZATION_FAILED: {
    code: 65,
    exit: 'denied',
    retriable: false,
    message: 'not authorized to use delegation tokens',
    hint: null,
  },
  GROUP_ID_NOT_FOUND: {
    code: 69,
    retriable: false,
    message: 'the consumer group does not exist',
    hint: null,
  },
  FETCH_SESSION_ID_NOT_FOUND: {
    code: 70,
    retriable: true,
    message: 'the fetch session was not found',
    hint: null,
  },
  INVALID_FETCH_SESSION_EPOCH: {
    code: 71,
    retriable: true,
    message: 'the fetch session epoch is not valid',
    hint: null,
  },
  LISTENER_NOT_FOUND: {
    code: 72,
    retriable: true,
    message: 'the partition leader has no listener matching the one this request came in on',
    hint: 'every broker needs the listener you connect through; check listeners / advertised.listeners',
  },
  TOPIC_DELETION_DISABLED: {
    code: 73,
    retriable: false,
    message: 'topic deletion is disabled on this cluster',
    hint: 'set delete.topic.enable=true on the brokers',
  },
  FENCED_LEADER_EPOCH: {
    code: 74,
    retriable: true,
    message: "the leader epoch in the request is older than the broker's",
    hint: null,
  },
  UNKNOWN_LEADER_EPOCH: {
    code: 75,
    retriable: true,
    message: "the leader epoch in the request is newer than the broker's",
    hint: null,
  },
  INVALID_RECORD: {
    code: 87,
    retriable: false,
    message: 'the broker rejected a record as invalid',
    hint: null,
  },
  THROTTLING_QUOTA_EXCEEDED: {
    code: 89,
    retriable: true,
    message: 'a controller mutation quota was exceeded',
    hint: 'retry later, or raise controller_mutation_rate for this principal',
  },
  PRODUCER_FENCED: {
    code: 90,
    retriable: false,
    message: 'another producer with the same transactional id is newer (this one is fenced)',
    hint: null,
  },
  RESOURCE_NOT_FOUND: {
    code: 91,
    retriable: false,
    message: 'the request referred to a resource that does not exist',
    hint: null,
  },
  INVALID_UPDATE_VERSION: {
    code: 95,
    retriable: false,
    message: 'the requested feature version is not valid',
    hint:
      'mirror.version=1 needs metadata.version 4.2-IV2 and brokers started with ' +
      'unstable.feature.versions.enable=true',
  },
  FEATURE_UPDATE_FAILED: {
    code: 96,
    retriable: false,
    message: 'the controller could not update the finalized features',
    hint: 'see the controller log',
  },
  PRINCIPAL_DESERIALIZATION_FAILURE: {
    code: 97,
    retriable: false,
    message: 'the controller could not read the forwarded principal',
    hint:
      'an internal broker security setup problem (principal.builder.class must serialize principals); see ' +
      'the broker log',
  },
  UNKNOWN_TOPIC_ID: {
    code: 100,
    subject: 'topic',
    exit: 'not-found',
    retriable: true,
    message: 'no topic with this topic id exists on this cluster',
    hint: null,
  },
  INCONSISTENT_TOPIC_ID: {
    code: 103,
    subject: 'topic',
    retriable: true,
    message: "the topic id does not match the existing topic's id",
    hint: null,
    apiHints: {
      StartMirrorTopics:
        'the destination already has a topic with this name but a different topic id (it was not created by ' +
        'mirroring); delete or rename the destination topic first',
    },
  },
  INCONSISTENT_CLUSTER_ID: {
    code: 104,
    retriable: false,
    message: 'the cluster id in the request does not match this cluster',
    hint: null,
  },
  INELIGIBLE_REPLICA: {
    code: 107,
    retriable: false,
    message: 'the new in-sync replica set contains an ineligible replica',
    hint: null,
  },
  UNSUPPORTED_ENDPOINT_TYPE: {
    code: 127,
    retriable: false,
    message: 'the broker does not serve this endpoint type (DescribeCluster)',
    hint: null,
  },
  INVALID_REGULAR_EXPRESSION: {
    code: 128,
    retriable: false,
    message: 'the regular expression is not valid',
    hint: null,
  },
  REBOOTSTRAP_REQUIRED: {
    code: 129,
    retriable: false,
    message: 'the client metadata is stale and must be re-bootstrapped',
    hint: 'retry the command',
  },
  READ_ONLY_TOPIC: {
    code: 134,
    subject: 'topic',
    retriable: false,
    message: 'the topic is read-only: it is a mirror topic that is not stopped',
    hint:
      'producers cannot write to a mirror topic until mirroring of it is stopped (the failover step for ' +
      'that topic)',
  },
  INVALID_CLUSTER_MIRROR_NAME: {
    code: 135,
    retriable: false,
    retired: true,
    message: 'the mirror name does not meet the naming rules (code 135, retired by the prototype on 2026-07-08)',
    hint: 'use only letters, digits, ".", "_" and "-", and no ".stopped" / ".paused" / ".removed" suffix',
  },
  CLUSTER_MIRROR_ALREADY_EXISTS: {
    code: 136,
    retriable: false,
    message: 'a mirror with this name already exists',
    hint:
      'pick another name, or inspect the existing one with kmirror describe {mirror}; a create that failed ' +
      'on __mirror_state still left the mirror behind',
  },
  UNKNOWN_CLUSTER_MIRROR: {
    code: 137,
    exit: 'not-found',
    retriable: false,
    message: 'the mirror does not exist, or the topic is not in any mirror',
    hint: 'list the mirrors with kmirror list; names are case-sensitive',
  },
  TOPIC_ALREADY_IN_CLUSTER_MIRROR: {
    code: 138,
    subject: 'topic',
    retriable: false,
    message: 'the topic already belongs to another mirror',
    hint:
      'a topic can be in one mirror at a time: stop it in the other mirror first (the broker message names ' +
      'that mirror and its state)',
  },
  TOPIC_NOT_IN_CLUSTER_MIRROR: {
    code: 139,
    subject: 'topic',
    retriable: false,
    message: 'the topic belongs to a different mirror',
    hint: 'run the command against the mirror that owns the topic (kmirror describe shows it)',
  },
  MIRROR_TOPIC_ALREADY_PAUSED: {
    code: 140,
    subject: 'topic',
    retriable: false,
    message: 'the mirror topic is paused, so it cannot be stopped',
    hint: 'resume topic {topic} in mirror {mirror} first, then stop it',
  },
  MIRROR_TOPIC_NOT_PAUSED: {
    code: 141,
    subject: 'topic',
    retriable: false,
    message: 'the mirror topic is not paused, so it cannot be resumed',
    hint: "only PAUSED topics can be resumed; kmirror describe {mirror} shows each topic's state",
  },
  MIRROR_TOPIC_BEING_STOPPED: {
    code: 142,
    subject: 'topic',
    retriable: false,
    message: 'the mirror topic is stopped or being stopped, so it cannot be paused',
    hint: 'a stopped topic is no longer mirrored; start it again to mirror it',
  },
  CLUSTER_MIRROR_NOT_EMPTY: {
    code: 143,
    retriable: false,
    message: 'the mirror still has topics that are not stopped',
    hint:
      'stop every topic of mirror {mirror} first, wait until kmirror describe {mirror} shows every ' +
      'partition STOPPED, then delete',
  },
  CLUSTER_MIRROR_AUTHORIZATION_FAILED: {
    code: 144,
    brokerMessage: 'Cluster mirror authorization failed.',
    exit: 'denied',
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
  INVALID_CLUSTER_MIRROR_STATES: {
    code: 145,
    brokerMessage: 'Cluster mirror partition states are not in the expected states.',
    retriable: false,
    message: 'the mirror partitions are not in the states this operation needs',
    hint:
      'run kmirror describe {mirror} first: the broker checks every partition of every listed topic and ' +
      'rejects the whole request if one is off (e.g. starting a topic that is already MIRRORING, PAUSED or ' +
      'FAILED, or stopping one in FAILED)',
  },
  MIRROR_TOPIC_NOT_STOPPED: {
    code: 146,
    subject: 'topic',
    retriable: false,
    message: 'the mirror topic is not stopped',
    hint: 'stop the topic and wait until its partitions report STOPPED before starting it again',
  },
} satisfies Readonly<Record<string, Entry>>;

export type KafkaErrorName = keyof typeof ENTRIES;

function complete(name: string, entry: Entry): KafkaErrorInfo {
  return { ...entry, name, exit: entry.exit ?? 'failed', subject: entry.subject ?? 'mirror' };
}

export const errors = Object.fromEntries(
  Object.entries(ENTRIES).map(([name, entry]) => [name, complete(name, entry)]),
) as { readonly [N in KafkaErrorName]: KafkaErrorInfo & (typeof ENTRIES)[N] & { readonly name: N } };

const TABLE: ReadonlyMap<number, KafkaErrorInfo> = new Map(Object.values(errors).map((info) => [info.code, info]));

export function knownKafkaErrors(): KafkaErrorInfo[] {
  return [...TABLE.values()].sort((a, b) => a.code - b.code);
}

/** Unknown codes get a stand-in: a broker newer than kmirror (or a prototype renumbering) must not cause a crash. */
export function kafkaError(code: number): KafkaErrorInfo {
  const known = TABLE.get(code);
  if (known) return known;
  return {
    code,
    name: `UNKNOWN_CODE_${code}`,
    retriable: false,
    message: `the broker answered with error code ${code}, which kmirror does not know`,
    hint: "the broker may be newer than kmirror; look the code up in the broker's Errors enum",
    exit: 'failed',
    subject: 'mirror',
  };
}

export function kafkaErrorByName(name: string): KafkaErrorInfo | undefined {
  return Object.hasOwn(errors, name) ? errors[name as KafkaErrorName] : undefined;
}

export function isRetriable(code: number): boolean {
  return kafkaError(code).retriable;
}

export interface KafkaErrorHintContext {
  readonly api?: string;
  readonly mirror?: string;
  readonly topic?: string;
  readonly group?: string;
}

export function kafkaErrorHint(code: number, context: KafkaErrorHintContext = {}): string | null {
  const info = kafkaError(code);
  const template = (context.api !== undefined ? info.apiHints?.[context.api] : undefined) ?? info.hint;
  if (template === null) return null;
  return template
    .replaceAll('{mirror}', context.mirror ?? '<mirror>')
    .replaceAll('{topic}', context.topic ?? '<topic>')
    .replaceAll('{group}', context.group ?? '<group>');
}

export interface KafkaErrorRef {
  readonly code: number;
  readonly name: string;
}

export function kafkaErrorRef(code: number): KafkaErrorRef {
  return { code, name: kafkaError(code).name };
}

export interface KafkaErrorContext extends KafkaErrorHintContext {
  readonly partition?: number;
  readonly broker?: string | number;
}

export function describeKafkaError(
  code: number,
  serverMessage: string | null | undefined,
  context: KafkaErrorContext,
): string {
  const info = kafkaError(code);
  const subject = [
    context.mirror !== undefined ? `mirror '${context.mirror}'` : undefined,
    context.group !== undefined ? `group '${context.group}'` : undefined,
    context.topic !== undefined
      ? `topic '${context.topic}'${context.partition !== undefined ? ` partition ${context.partition}` : ''}`
      : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(', ');
  const origin = [
    info.name,
    context.api && `from ${context.api}`,
    context.broker !== undefined && `on broker ${context.broker}`,
  ]
    .filter(Boolean)
    .join(' ');
  // Brokers often send the enum's default text or "" — repeating that adds nothing.
  const said = serverMessage?.trim();
  const extra = said && said.toLowerCase() !== info.message.toLowerCase() ? `: ${said}` : '';
  return `${subject ? `${subject}: ` : ''}${info.message} (${origin})${extra}`;
}
