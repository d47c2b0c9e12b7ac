// The shapes of a describe: what DescribeClusterMirrors says, merged over every broker, per mirror, topic and
// partition. Most of the domain reads them, so they live apart from the fan-out that fills them.

import type { PartitionRow, Summary } from './lag.js';

export interface TopicDescription {
  readonly name: string;
  readonly summary: Summary;
  readonly partitions: PartitionRow[];
}

export interface MirrorDescription {
  readonly name: string;
  readonly summary: Summary;
  readonly topics: TopicDescription[];
  /** Operation names when asked for (`check`), else absent. */
  readonly authorizedOperations?: string[];
}

export interface BrokerWarning {
  readonly broker: string;
  readonly nodeId: number | null;
  readonly message: string;
  readonly errorCode: number | null;
}

export interface MirrorError {
  readonly name: string;
  readonly errorCode: number;
}

export interface DescribeResult {
  readonly mirrors: MirrorDescription[];
  /** Names asked for that the cluster does not know. */
  readonly notFound: string[];
  /** Mirrors every broker answered with an error for (e.g. 144 not authorized). */
  readonly errors: MirrorError[];
  /** Brokers that did not answer or answered with a top-level error: their partitions are missing. */
  readonly brokerWarnings: BrokerWarning[];
}

/** What `kmirror describe` prints (its --json contract, schemas/kmirror-describe.schema.json). */
/**
 * Something the view leaves out because the brokers cannot give it (an optional API they lack): a
 * warning, not a failure, since everything DescribeClusterMirrors reported is there.
 */
export interface UnavailableData {
  /** The API that would give it, and its key on this cluster. */
  readonly api: string;
  readonly apiKey: number;
  /** What is missing, in words ("destination end offsets of 3 STOPPED partition(s)"). */
  readonly what: string;
  /** The brokers that lack the API. */
  readonly brokers: string[];
  /** The partitions concerned, as `topic-partition`. */
  readonly partitions: string[];
}
