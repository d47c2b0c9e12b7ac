// Where a partition ended after a --wait: the row every waiting command reports.

export interface FinalPartition {
  readonly topic: string;
  /** @minimum 0 */
  readonly partition: number;
  readonly state: string;
  /** @minimum -1 */
  readonly retryAttempt: number;
  readonly errorMessage: string | null;
  /**
   * Destination log-end offset (ListOffsets), read for STOPPED partitions after remove-topics --wait and for
   * every partition after resume --wait (which waits until it reaches the source end offset).
   * @minimum 0
   */
  readonly destinationEndOffset: bigint | null;
}
