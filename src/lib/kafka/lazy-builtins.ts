// Node built-ins that only some runs need, loaded on first use instead of with the modules that use them:
// node:tls and node:crypto cost ~1 ms to load, and a plaintext `kmirror check` needs neither.

import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Tls from 'node:tls';

const require = createRequire(import.meta.url);

export const cryptoModule = (): typeof Crypto => require('node:crypto') as typeof Crypto;
export const tlsModule = (): typeof Tls => require('node:tls') as typeof Tls;
