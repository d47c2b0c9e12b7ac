// CRC-32C (Castagnoli), the checksum of a record batch. @node-rs/crc32 computes it in native code with the
// CPU's CRC instructions, some hundred times faster than JavaScript: on the read path of `verify --full` the
// pure-JS @aws-crypto/crc32c was most of kmirror's CPU. The native package is loaded on first use (a command
// that reads no batch never loads it; the bundle leaves it to node_modules), and where it has no build for
// the platform the pure-JS one is used.

import { crc32c as portableCrc32c } from '@aws-crypto/crc32c';
import { createRequire } from 'node:module';

export type Crc32c = (bytes: Uint8Array) => number;

/** The native CRC-32C when its package loads with `load`, else the portable one. */
export function pickCrc32c(load: (id: string) => unknown): Crc32c {
  try {
    return (load('@node-rs/crc32') as typeof import('@node-rs/crc32')).crc32c;
  } catch {
    return portableCrc32c;
  }
}

let implementation: Crc32c | undefined;

export function crc32c(bytes: Uint8Array): number {
  implementation ??= pickCrc32c(createRequire(import.meta.url));
  return implementation(bytes);
}
