// The shapes of `kmirror topology` (mirrors matched to sources by the cluster id each stores).

/** One cluster as the command reaches it: a profile name or the -b list, and what it answered. */
export interface TopologyCluster {
  /** The profile name, or the bootstrap list given with -b. */
  readonly label: string;
  readonly bootstrap: string;
  /** From DescribeCluster; null when the cluster could not be reached. */
  readonly clusterId: string | null;
  readonly reachable: boolean;
  /** Why it could not be read (null when reachable). */
  readonly error: string | null;
  /** @minimum 0 */
  readonly mirrors: number;
  /** Topics on the cluster (internal ones left out). @minimum 0 */
  readonly topics: number;
}

export interface TopologyMirrorTopic {
  readonly name: string;
  /** Partition count per state name, as the broker spelled the state. */
  readonly states: Record<string, number>;
}

/** A mirror: an edge from its source cluster to the cluster it lives on. */
export interface TopologyMirror {
  /** The label of the cluster the mirror lives on (its destination). */
  readonly cluster: string;
  readonly name: string;
  /** mirror.source.cluster.id as the mirror stores it. */
  readonly sourceClusterId: string;
  /** bootstrap.servers as the mirror stores it. */
  readonly sourceBootstrap: string;
  /** The label of the given cluster with that id; null when the source is not among the clusters given. */
  readonly source: string | null;
  readonly topics: TopologyMirrorTopic[];
  /** Partition count per state over every topic of the mirror. */
  readonly states: Record<string, number>;
}

export interface TopologyReadOnly {
  readonly cluster: string;
  readonly mirror: string;
  readonly states: Record<string, number>;
}

/** Where a topic takes writes: writable where it exists outside any mirror or is STOPPED in every mirror. */
export interface TopologyTopic {
  readonly topic: string;
  /** Labels of the clusters where producers can write to it. */
  readonly writableOn: string[];
  /** Where a mirror holds it (some partition not STOPPED: MIRRORING, PAUSED, FAILED… refuse produce). */
  readonly readOnlyOn: TopologyReadOnly[];
}

/** One partition of a topic STOPPED on one side and writable on the other, judged against its stop. */
export interface StopPointPartition {
  /** @minimum 0 */
  readonly partition: number;
  /** Where the two logs part: the source end offset when the stop came (the stop marker's offset). */
  readonly stopPoint: bigint | null;
  /** End offset on the cluster the mirror read from. */
  readonly sourceEnd: bigint | null;
  /** End offset on the cluster where the mirror (now STOPPED) lives; the stop marker takes one offset. */
  readonly destinationEnd: bigint | null;
  /** Records written on each side since the stop (null when the stop point is not known). */
  readonly writtenOnSource: bigint | null;
  readonly writtenOnDestination: bigint | null;
}

export type FindingKind = 'mirror-loop' | 'split-brain' | 'epoch-war' | 'source-outside' | 'writable-both-sides';

export interface TopologyFinding {
  readonly kind: FindingKind;
  /** `problem`: something to act on (check exits 1); `information`: worth knowing, nothing broken. */
  readonly severity: 'problem' | 'information';
  /** The topic concerned; null for a finding about a whole mirror (source-outside). */
  readonly topic: string | null;
  /** Labels of the clusters concerned (a loop: its cycle in the direction the records flow). */
  readonly clusters: string[];
  readonly mirrors: { readonly cluster: string; readonly mirror: string }[];
  readonly message: string;
  /** For split-brain and writable-both-sides: each partition against its stop point; else empty. */
  readonly partitions: StopPointPartition[];
}

export interface TopologyReport {
  readonly clusters: TopologyCluster[];
  readonly mirrors: TopologyMirror[];
  readonly topics: TopologyTopic[];
  readonly findings: TopologyFinding[];
  /** @minimum 0 */
  readonly problems: number;
  /** Things that could not be read (a stop point, end offsets), with why. */
  readonly warnings: string[];
}
