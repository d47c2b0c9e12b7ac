// `exporter --cluster`: the other clusters of an estate, each a saved profile or bootstrap addresses
// (as `failback --to`), resolved before anything is served; a client is opened per collection and closed.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import type { EstateMember } from '../../mirror/metrics/estate-view.js';
import { UsageError } from '../failures/errors.js';
import { type PeerConnectionOptions, peerConnection } from './peer-connection.js';

export async function estateMembers(
  values: readonly string[],
  here: { readonly label: string; readonly client: () => Promise<KafkaClient> },
  open: (settings: ConnectionConfig) => Promise<KafkaClient>,
  options: PeerConnectionOptions,
): Promise<EstateMember[]> {
  const members: EstateMember[] = [{ label: here.label, open: here.client, owned: false }];
  for (const value of values) {
    let settings: ConnectionConfig;
    try {
      ({ settings } = await peerConnection(value, undefined, options));
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      throw new UsageError(err.message.replace(/^--to /, '--cluster '), {
        hint: (err.hint ?? '').replace(/--to /g, '--cluster '),
      });
    }
    members.push({ label: value, open: () => open(settings), owned: true });
  }
  return members;
}
