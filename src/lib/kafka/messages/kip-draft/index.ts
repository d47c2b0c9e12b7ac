// The mirror RPCs of the seed KIP (revision 57), as `--protocol kip-draft` speaks them. The seed
// numbers none of them ("apiKey": TBD): the keys come from --api-keys.

import type { ApiDefinition } from '../../definition.js';
import { AddTopicsToMirror } from './add-topics-to-mirror.js';
import { CreateMirror } from './create-mirror.js';
import { DescribeMirrors } from './describe-mirrors.js';
import { LastMirroredOffsets, MIRROR_COORDINATOR_KEY_TYPE } from './last-mirrored-offsets.js';
import { ListMirrors } from './list-mirrors.js';
import { ReadMirrorStates } from './read-mirror-states.js';
import { WriteMirrorStates } from './write-mirror-states.js';

export {
  AddTopicsToMirror,
  CreateMirror,
  DescribeMirrors,
  LastMirroredOffsets,
  ListMirrors,
  MIRROR_COORDINATOR_KEY_TYPE,
  ReadMirrorStates,
  WriteMirrorStates,
};

export const KIP_DRAFT_APIS: readonly ApiDefinition[] = [
  CreateMirror,
  AddTopicsToMirror,
  LastMirroredOffsets,
  ListMirrors,
  DescribeMirrors,
  ReadMirrorStates,
  WriteMirrorStates,
];

export const KIP_DRAFT_ADMIN_APIS: readonly ApiDefinition[] = [
  CreateMirror,
  AddTopicsToMirror,
  LastMirroredOffsets,
  ListMirrors,
  DescribeMirrors,
];
