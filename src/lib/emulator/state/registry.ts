// How a destination finds its source: whoever starts the emulated servers registers each
// listener address ("host:port") against the cluster behind it, and a mirror's
// `bootstrap.servers` is resolved through this map, the way a real broker would dial it.

import type { EmulatedCluster } from './cluster-model.js';

export class ClusterRegistry {
  private readonly byAddress = new Map<string, EmulatedCluster>();

  register(address: string, cluster: EmulatedCluster): void {
    this.byAddress.set(normalize(address), cluster);
  }

  unregister(address: string): void {
    this.byAddress.delete(normalize(address));
  }

  resolve(bootstrapServers: string): EmulatedCluster | undefined {
    for (const entry of bootstrapServers.split(',')) {
      const cluster = this.byAddress.get(normalize(entry));
      if (cluster) return cluster;
    }
    return undefined;
  }

  addresses(): string[] {
    return [...this.byAddress.keys()];
  }
}

function normalize(address: string): string {
  // Clients may write "PLAINTEXT://host:port"; the security protocol is not part of the address.
  return address
    .trim()
    .replace(/^[A-Za-z_]+:\/\//, '')
    .toLowerCase();
}
