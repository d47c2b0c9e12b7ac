// An ApiVersions answer without one key: the emulated broker then looks like one that lacks that API.

import type { ApiDefinition } from '../../src/lib/kafka/definition.js';
import { decodeResponseFrame, encodeResponseFrame } from '../../src/lib/kafka/frames.js';

export function withoutKey(key: number) {
  return (frame: Buffer, { api, version }: { api: ApiDefinition; version: number }): Buffer => {
    const { correlationId, body } = decodeResponseFrame<{ ApiKeys: { ApiKey: number }[] }>(
      api,
      version,
      frame.subarray(4),
    );
    const edited = { ...body, ApiKeys: body.ApiKeys.filter((k) => k.ApiKey !== key) };
    return encodeResponseFrame(api, version, correlationId, edited);
  };
}
