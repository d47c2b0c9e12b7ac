// The epoch-war rule against the prototype's sync: a mirror bumps its topics' epochs (its STOPPED ones too)
// only while it holds some topic the broker wants mirroring, and never a PAUSED one.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { ClusterSnapshot, MirrorSnapshot } from '../../../../src/lib/mirror/topology/cluster-snapshot.js';
import { epochWarFindings } from '../../../../src/lib/mirror/topology/topology-findings.js';
import type { TopicDescription } from '../../../../src/lib/mirror/describe/describe-types.js';

const topic = (name: string, states: Record<string, number>) =>
  ({ name, summary: { states } }) as unknown as TopicDescription;

function mirror(name: string, sourceClusterId: string, topics: TopicDescription[]): MirrorSnapshot {
  return { name, sourceClusterId, sourceBootstrap: '', topics };
}

function estate(fwd: TopicDescription[], back: TopicDescription[]): ClusterSnapshot[] {
  const cluster = (label: string, id: string, mirrors: MirrorSnapshot[]): ClusterSnapshot => ({
    label,
    bootstrap: label,
    clusterId: id,
    mirrors,
    topics: new Map([['payments', 1]]),
    warnings: [],
  });
  return [cluster('a', 'A', [mirror('back', 'B', back)]), cluster('b', 'B', [mirror('fwd', 'A', fwd)])];
}

describe('epoch-war findings', () => {
  it('a failback while the old mirror still mirrors another topic is an epoch war', () => {
    const found = epochWarFindings(
      estate(
        [topic('payments', { STOPPED: 1 }), topic('orders', { MIRRORING: 1 })],
        [topic('payments', { MIRRORING: 1 })],
      ),
    );
    assert.deepEqual(
      found.map((f) => [f.kind, f.topic, f.mirrors.map((m) => m.mirror)]),
      [['epoch-war', 'payments', ['fwd', 'back']]],
    );
  });

  it('no war when every topic of the old mirror is stopped: its sync bumps nothing', () => {
    assert.deepEqual(
      epochWarFindings(estate([topic('payments', { STOPPED: 1 })], [topic('payments', { MIRRORING: 1 })])),
      [],
    );
  });

  it('no war while the reverse mirror has the topic paused', () => {
    const fwd = [topic('payments', { STOPPED: 1 }), topic('orders', { MIRRORING: 1 })];
    assert.deepEqual(epochWarFindings(estate(fwd, [topic('payments', { PAUSED: 1 })])), []);
  });
});
