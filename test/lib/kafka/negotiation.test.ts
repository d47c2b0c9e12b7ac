import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ListClusterMirrors, Metadata } from '../../../src/lib/kafka/messages/index.js';
import { ApiKeyMap } from '../../../src/lib/kafka/mirror-api-keys.js';
import {
  type BrokerInfo,
  advertisesMirroring,
  apiSupport,
  mirroringVerdict,
} from '../../../src/lib/kafka/negotiation.js';

function broker(options: {
  apis: Array<[number, number, number]>;
  mirror?: { supported: boolean; level: number };
  apiVersionsVersion?: number;
}): BrokerInfo {
  return {
    address: { host: 'b', port: 1 },
    apis: new Map(options.apis.map(([key, min, max]) => [key, { min, max }])),
    supportedFeatures: new Map(options.mirror?.supported ? [['mirror.version', { min: 0, max: 1 }]] : []),
    finalizedFeatures: new Map(
      options.mirror && options.mirror.level > 0 ? [['mirror.version', options.mirror.level]] : [],
    ),
    apiVersionsVersion: options.apiVersionsVersion ?? 4,
  };
}

describe('version negotiation and the mirroring gate', () => {
  it('picks the highest version both sides speak, on the key the map gives', () => {
    const info = broker({
      apis: [
        [3, 0, 9],
        [98, 0, 0],
        [120, 0, 0],
      ],
    });
    assert.deepEqual(apiSupport(Metadata, info, ApiKeyMap.DEFAULT), {
      name: 'Metadata',
      apiKey: 3,
      broker: { min: 0, max: 9 },
      negotiated: 9,
    });
    assert.equal(apiSupport(ListClusterMirrors, info, ApiKeyMap.parse('ListClusterMirrors=120')).apiKey, 120);
    const tooNew = apiSupport(ListClusterMirrors, broker({ apis: [[98, 5, 6]] }), ApiKeyMap.DEFAULT);
    assert.deepEqual([tooNew.broker, tooNew.negotiated], [{ min: 5, max: 6 }, null]);
    assert.equal(apiSupport(ListClusterMirrors, broker({ apis: [] }), ApiKeyMap.DEFAULT).broker, null);
  });

  it('is usable only with the APIs, the feature advertised and finalized at 1', () => {
    const apis = [ListClusterMirrors];
    const keys = ApiKeyMap.DEFAULT;
    const on = broker({ apis: [[98, 0, 0]], mirror: { supported: true, level: 1 } });
    assert.equal(mirroringVerdict(on, apis, keys), 'usable');
    const off = broker({ apis: [[98, 0, 0]], mirror: { supported: true, level: 0 } });
    assert.equal(mirroringVerdict(off, apis, keys), 'disabled');
    // Key 98 advertised by a v4 answer without mirror.version: some other API owns the number.
    const foreign = broker({ apis: [[98, 0, 0]] });
    assert.equal(advertisesMirroring(foreign), false);
    assert.equal(mirroringVerdict(foreign, apis, keys), 'unsupported');
    assert.equal(
      mirroringVerdict(broker({ apis: [], mirror: { supported: true, level: 1 } }), apis, keys),
      'unsupported',
    );
  });
});
