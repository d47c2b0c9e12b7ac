// `create`: the source cluster id to store, read from the source and compared with the one given
// (config/source-cluster-id.ts says why a wrong one is refused).

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { WRONG_ID_EFFECT, checkSourceClusterId, lookupSourceClusterId } from '../config/source-cluster-id.js';
import type { CreateMirrorPlan } from './create.js';

export interface CreateSourceIdOptions {
  readonly destination: string | null;
  readonly force: boolean;
}

export async function resolveCreateSourceClusterId(
  plan: Pick<CreateMirrorPlan, 'sourceClusterId' | 'sourceConnection' | 'sourceConnectionProblem'>,
  options: CreateSourceIdOptions,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
  warn: (message: string) => void,
): Promise<string> {
  const given = plan.sourceClusterId;
  if (given !== null && options.force) {
    warn(
      `--source-cluster-id ${given} is stored without asking the source cluster (--force); if it is wrong, ` +
        `${WRONG_ID_EFFECT}`,
    );
    return given;
  }
  const connection = plan.sourceConnection;
  if (connection === null) throw plan.sourceConnectionProblem ?? new Error('no way to reach the source cluster');
  const reported = await lookupSourceClusterId(connection, openSource);
  return checkSourceClusterId({
    expected: given,
    reported,
    destination: options.destination,
    sourceLabel: `the source cluster at ${connection.bootstrap.join(',')}`,
    origin: '--source-cluster-id',
    fix:
      `leave out --source-cluster-id to store the id the source reports (${reported}), or fix ` +
      `--source-bootstrap if it names the wrong cluster`,
  });
}
