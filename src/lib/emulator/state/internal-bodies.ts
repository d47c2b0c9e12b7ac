// Bodies of the broker-internal mirror RPCs (ReadMirrorStates 100, WriteMirrorStates 101,
// BumpLeaderEpochs 105), same conventions as bodies.ts.

export interface ReadMirrorStatesRequestBody {
  readonly MirrorName: string;
  readonly Topics: readonly {
    readonly Name: string;
    readonly Partitions: readonly { readonly PartitionIndex: number }[];
  }[];
}

export interface ReadMirrorStatesPartitionResult {
  PartitionIndex: number;
  LastMirrorEpoch: number;
  State: number;
  ErrorCode: number;
  PreviousState: number;
  RetryAttempt: number;
  ErrorMessage: string | null;
}

export interface ReadMirrorStatesResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Topics: { Name: string; Partitions: ReadMirrorStatesPartitionResult[] }[];
}

export interface WriteMirrorStatesRequestBody {
  readonly MirrorName: string;
  readonly Topics: readonly {
    readonly Name: string;
    readonly Partitions: readonly {
      readonly PartitionIndex: number;
      readonly LastMirrorEpoch?: number;
      readonly State: number;
    }[];
  }[];
  readonly StoppedTopics?: readonly string[];
}

export interface WriteMirrorStatesResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Topics: { Name: string; Partitions: { PartitionIndex: number; ErrorCode: number; ErrorMessage: string | null }[] }[];
}

export interface BumpLeaderEpochsRequestBody {
  readonly Topics: readonly {
    readonly TopicId: string;
    readonly Partitions: readonly { readonly PartitionIndex: number; readonly MinLeaderEpoch?: number }[];
  }[];
}

export interface BumpLeaderEpochsResponseBody {
  ThrottleTimeMs: number;
  ErrorCode: number;
  ErrorMessage: string | null;
  Topics: {
    TopicName: string;
    Partitions: { PartitionIndex: number; ErrorCode: number; ErrorMessage: string | null }[];
  }[];
}
