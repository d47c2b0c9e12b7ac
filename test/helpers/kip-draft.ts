// The numbers tests give the seed KIP's RPCs (the seed prints "TBD") and its bumped config versions.
export const DRAFT_KEYS =
  'CreateMirror=200,AddTopicsToMirror=201,LastMirroredOffsets=202,ListMirrors=203,DescribeMirrors=204,' +
  'ReadMirrorStates=205,WriteMirrorStates=206';
export const DRAFT_VERSIONS = 'DescribeConfigs=5,IncrementalAlterConfigs=2';
/** Every flag a command needs to speak the seed KIP's messages to an emulator started with the above. */
export const DRAFT_FLAGS = ['--protocol', 'kip-draft', '--api-keys', DRAFT_KEYS, '--api-versions', DRAFT_VERSIONS];
