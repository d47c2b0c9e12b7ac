// Names for shell completion, read from the cluster: mirrors, and topics after --topic. add-topics
// offers the SOURCE topics not yet in the mirror (what it can add); the other commands offer the
// topics of the named mirror (or of every mirror). The caller bounds the time and drops failures.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { listMirrors } from '../core/list.js';
import { describeMirrorConfigs, listSourceTopics, sourceConnection } from '../core/source-client.js';

export async function mirrorNames(client: KafkaClient): Promise<string[]> {
  return (await listMirrors(client)).map((m) => m.name);
}

export async function topicNames(
  client: KafkaClient,
  target: { readonly command: string; readonly mirror?: string },
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
): Promise<string[]> {
  const mirrors = await listMirrors(client, { includeTopics: true });
  const inMirror = (name: string) => mirrors.find((m) => m.name === name)?.topics ?? [];
  if (target.command !== 'add-topics' || target.mirror === undefined) {
    return target.mirror === undefined ? mirrors.flatMap((m) => m.topics ?? []) : inMirror(target.mirror);
  }
  const stored = await describeMirrorConfigs(client, target.mirror);
  const settings = await sourceConnection({ mirror: target.mirror, stored }, () => undefined);
  const source = await openSource(settings);
  try {
    const already = new Set(inMirror(target.mirror));
    const topics = await listSourceTopics(source, settings.bootstrap);
    return [...topics.values()]
      .filter((t) => !t.internal && !t.name.startsWith('__') && !already.has(t.name))
      .map((t) => t.name);
  } finally {
    await source.close().catch(() => undefined);
  }
}
