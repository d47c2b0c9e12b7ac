// Bootstrap server lists as Kafka writes them: host:port,host:port, with an optional PROTOCOL:// prefix.

import { SettingsError } from './errors.js';

/** A `PROTOCOL://` prefix is tolerated as Kafka does. */
export function parseBootstrapServers(text: string, origin: string): string[] {
  const servers = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length === 0)
    throw new SettingsError(`${origin} is empty`, { hint: 'give at least one broker as host:port' });
  return servers.map((server) => {
    const withoutScheme = server.replace(/^[A-Za-z_][A-Za-z0-9_+.-]*:\/\//, '');
    const match = /^(\[[0-9A-Fa-f:.]+(?:%[\w.-]+)?\]|[A-Za-z0-9._-]+):(\d{1,5})$/.exec(withoutScheme);
    if (!match) {
      const bareIpv6 = withoutScheme.split(':').length > 2 && !withoutScheme.startsWith('[');
      throw new SettingsError(`${origin}: '${server}' is not host:port`, {
        hint: bareIpv6
          ? 'write IPv6 addresses in brackets: [::1]:9092'
          : 'give every broker as host:port, e.g. broker1:9092 (Kafka has no default port)',
      });
    }
    const port = Number(match[2]);
    if (port < 1 || port > 65535)
      throw new SettingsError(`${origin}: port ${port} in '${server}' is out of range (1-65535)`);
    return `${match[1]}:${port}`;
  });
}
