// Node built-ins that only some runs need, loaded on first use instead of with the modules that use them:
// node:tls and node:crypto cost ~1 ms to load, and a plaintext `kmirror check` needs neither.

import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Tls from 'node:tls';

// The require function is made on first use too (~0.3 ms); a plaintext run never needs it.
let require_: NodeJS.Require | undefined;
const load = (id: string): unknown => (require_ ??= createRequire(import.meta.url))(id);

export const cryptoModule = (): typeof Crypto => load('node:crypto') as typeof Crypto;
export const tlsModule = (): typeof Tls => load('node:tls') as typeof Tls;
