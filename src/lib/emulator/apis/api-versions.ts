// ApiVersions, derived from the registered handlers, so there is no second list to drift.

import { ApiVersions } from '../../kafka/messages/index.js';
import type { FinalizedFeatures, SupportedFeature } from '../server/features.js';
import { defineHandler, versionsOf, type HandlerRegistry, type RegisteredHandler } from '../server/handler.js';
import { errors } from '../../kafka/error-codes.js';

// Kafka's rule for ClientSoftwareName/Version (KIP-511): letters and digits, dots and dashes inside.
const SOFTWARE_TEXT = /^[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?$/;

export interface ApiVersionsSources {
  readonly registry: () => HandlerRegistry;
  readonly supported: readonly SupportedFeature[];
  readonly finalized: () => FinalizedFeatures;
}

function apiKeyList(registry: HandlerRegistry): Array<{ ApiKey: number; MinVersion: number; MaxVersion: number }> {
  return registry.entries().map(({ apiKey, handler }) => {
    const range = versionsOf(handler);
    return { ApiKey: apiKey, MinVersion: range.min, MaxVersion: range.max };
  });
}

export function apiVersionsHandler(sources: ApiVersionsSources): RegisteredHandler {
  return defineHandler({
    api: ApiVersions,
    handle(_ctx, body, version) {
      if (
        version >= 3 &&
        (!SOFTWARE_TEXT.test(body.ClientSoftwareName) || !SOFTWARE_TEXT.test(body.ClientSoftwareVersion))
      ) {
        return { ErrorCode: errors.INVALID_REQUEST.code, ApiKeys: [] };
      }
      const apiKeys = apiKeyList(sources.registry());
      if (version < 3) return { ErrorCode: 0, ApiKeys: apiKeys };
      // Clients older than v4 mishandle a supported range starting at 0 (KAFKA-17011): such features are left out.
      const supported = sources.supported.filter((f) => version >= 4 || f.minVersion !== 0);
      const finalized = sources.finalized();
      return {
        ErrorCode: 0,
        ApiKeys: apiKeys,
        SupportedFeatures: supported.map((f) => ({ Name: f.name, MinVersion: f.minVersion, MaxVersion: f.maxVersion })),
        FinalizedFeaturesEpoch: finalized.epoch,
        FinalizedFeatures: [...finalized.levels]
          .filter(([, level]) => level > 0)
          .map(([name, level]) => ({ Name: name, MaxVersionLevel: level, MinVersionLevel: level })),
      };
    },
  });
}

/** Kafka's answer to an unknown ApiVersions version: v0 with error 35, listing only ApiVersions' range. */
export function unsupportedApiVersionsBody(registry: HandlerRegistry): {
  ErrorCode: number;
  ApiKeys: Array<{ ApiKey: number; MinVersion: number; MaxVersion: number }>;
} {
  return {
    ErrorCode: errors.UNSUPPORTED_VERSION.code,
    ApiKeys: apiKeyList(registry).filter((k) => k.ApiKey === ApiVersions.apiKey),
  };
}
