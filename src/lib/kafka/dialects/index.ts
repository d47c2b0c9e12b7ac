// The one place a dialect is built from what the operator gave: --protocol, --api-keys and
// --api-versions (or their KMIRROR_* variables, or a profile). Bad values are refused here, before
// any request, with the words to fix them.

import {
  type Dialect,
  type ProtocolName,
  PROTOCOLS,
  keyedNames,
  parseApiVersions,
  prototypeDialect,
} from '../dialect.js';
import { ApiKeyMap } from '../mirror-api-keys.js';
import { kipDraftDialect } from './kip-draft.js';

export interface DialectSettings {
  readonly protocol?: string | undefined;
  readonly apiKeys?: string | undefined;
  readonly apiVersions?: string | undefined;
}

export class DialectInputError extends Error {
  override readonly name = 'DialectInputError';
  constructor(
    readonly setting: '--protocol' | '--api-keys' | '--api-versions',
    message: string,
    readonly hint: string,
  ) {
    super(`${setting}: ${message}`);
  }
}

export function parseProtocol(text: string | undefined): ProtocolName {
  const value = (text ?? 'prototype').trim();
  if ((PROTOCOLS as readonly string[]).includes(value)) return value as ProtocolName;
  throw new DialectInputError('--protocol', `unknown protocol '${value}'`, `use one of ${PROTOCOLS.join(', ')}`);
}

export function buildDialect(settings: DialectSettings): Dialect {
  const protocol = parseProtocol(settings.protocol);
  let apiKeys = ApiKeyMap.DEFAULT;
  if (settings.apiKeys !== undefined) {
    try {
      apiKeys = ApiKeyMap.parse(settings.apiKeys, keyedNames(protocol));
    } catch (err) {
      throw new DialectInputError(
        '--api-keys',
        (err as Error).message,
        protocol === 'kip-draft'
          ? 'write Name=key pairs separated by commas with the numbers your broker gives the RPCs of ' +
              'KIP-1279 revision 57, e.g. ' +
              '--api-keys CreateMirror=200,AddTopicsToMirror=201,LastMirroredOffsets=202,' +
              'ListMirrors=203,DescribeMirrors=204'
          : 'write Name=key pairs separated by commas, e.g. --api-keys ' +
              'CreateClusterMirror=94,DescribeClusterMirrors=99',
      );
    }
  }
  if (protocol === 'prototype') {
    if (settings.apiVersions !== undefined)
      throw new DialectInputError(
        '--api-versions',
        'the prototype speaks DescribeConfigs and IncrementalAlterConfigs at their usual versions',
        'leave --api-versions out, or use --protocol kip-draft for a cluster built from KIP-1279 revision 57',
      );
    return prototypeDialect(apiKeys);
  }
  let versions = new Map<'DescribeConfigs' | 'IncrementalAlterConfigs', number>();
  if (settings.apiVersions !== undefined) {
    try {
      versions = parseApiVersions(settings.apiVersions);
    } catch (err) {
      throw new DialectInputError(
        '--api-versions',
        (err as Error).message,
        'give the versions your broker bumped for mirror configs, e.g. --api-versions ' +
          'DescribeConfigs=5,IncrementalAlterConfigs=2',
      );
    }
  }
  return kipDraftDialect(apiKeys, versions);
}
