import { style } from './style.js';
import { forTerminal } from '../text/terminal-safe.js';

// Plain data, as the playground command's result carries it: the renderer does not load the emulator.
interface BannerCluster {
  readonly bootstrap: string;
  readonly clusterId: string;
  readonly nodes: readonly unknown[];
}

export interface PlaygroundBanner {
  readonly source: BannerCluster;
  readonly destination: BannerCluster;
  readonly others: readonly (BannerCluster & { readonly name: string })[];
  readonly mirroringEnabled: boolean;
  readonly protocol: string;
  readonly dialectArgs: readonly string[];
  readonly topics: readonly string[];
  /** 60 000 ms on a real broker. */
  readonly refreshIntervalMs: number;
  readonly traffic: boolean;
  readonly consumerGroups?: readonly string[];
  readonly destinationConsumerGroup?: string | null;
  readonly producerSignal?: { readonly signal: string; readonly pid: number };
  readonly security?: {
    readonly securityProtocol: string;
    readonly saslMechanisms: readonly string[];
    readonly username: string;
    readonly password: string;
    readonly caPath: string;
    readonly clientPropertiesPath: string;
  };
}

function clusterLines(label: string, cluster: BannerCluster): string[] {
  const nodes = cluster.nodes.length === 1 ? '1 node' : `${cluster.nodes.length} nodes`;
  return [
    `${style.strong(label)} ${cluster.bootstrap}`,
    `${' '.repeat(label.length)} cluster id ${cluster.clusterId}, ${nodes}`,
  ];
}

function consumerLines(info: PlaygroundBanner): string[] {
  const out: string[] = [];
  const groups = info.consumerGroups ?? [];
  if (groups.length > 0)
    out.push(`Consumer groups on the source: ${groups.join(', ')} (they commit offsets every second).`);
  if (info.destinationConsumerGroup)
    out.push(
      `Group ${info.destinationConsumerGroup} also has a consumer on the destination: the offset sync skips it ` +
        '(kmirror groups and promote show it active there).',
    );
  if (info.producerSignal)
    out.push(
      `Stop the producers with kill -${info.producerSignal.signal.replace(/^SIG/, '')} ${info.producerSignal.pid} ` +
        '(a plain promote needs them stopped); the same command starts them again.',
    );
  return out;
}

function playgroundBanner(info: PlaygroundBanner, nextCommands: readonly string[]): string {
  const out: string[] = ['Emulated Kafka clusters with cluster mirroring (KIP-1279) are running.', ''];
  out.push(...clusterLines('source:     ', info.source));
  out.push(...clusterLines('destination:', info.destination));
  for (const other of info.others) out.push(...clusterLines(`${other.name}:`.padEnd(12), other));
  out.push(
    '',
    `Source topics: ${info.topics.join(', ')} ${
      info.traffic
        ? '(records keep arriving)'
        : '(no traffic: their end offsets stand still, as after producers stopped)'
    }`,
  );
  out.push(
    `Mirror sync (auto-discovery, exclude list, cluster-id check) every ${info.refreshIntervalMs / 1000} s here;` +
      ' a real broker waits mirror.metadata.refresh.interval.ms, 60 s by default.',
    'As on the prototype broker, a newly started topic is FAILED for about 2 s before it mirrors.',
  );
  out.push(...consumerLines(info));
  if (info.protocol === 'kip-draft') {
    out.push(
      'The destination speaks the messages of KIP-1279 revision 57: CreateMirror, AddTopicsToMirror, ListMirrors,',
      `DescribeMirrors, LastMirroredOffsets, on the keys given. Commands need: ${info.dialectArgs.join(' ')}`,
      'It has no stop, pause, resume or delete: remove-topics, pause, resume and delete exit 4 there.',
    );
  }
  if (!info.mirroringEnabled) {
    out.push(
      style.warn(
        'Mirroring is disabled on both clusters (mirror.version 0): mirror commands exit 4, as on a real ' +
          'broker without the feature.',
      ),
    );
  }
  if (info.security) {
    const s = info.security;
    out.push(
      '',
      `Security: ${s.securityProtocol}, SASL ${s.saslMechanisms.join(', ')}`,
      `  user      ${s.username}`,
      `  password  ${s.password}   (test credentials of this throwaway emulator)`,
      `  CA        ${s.caPath}`,
      `  client properties (for --command-config and --source-config): ${s.clientPropertiesPath}`,
    );
  }
  out.push('', 'Try, in another terminal:');
  for (const command of nextCommands) out.push(`  ${command}`);
  out.push('', style.dim('Press Ctrl-C to stop.'));
  return out.join('\n');
}

export const renderPlayground = forTerminal(playgroundBanner);
