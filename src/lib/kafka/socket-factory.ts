// The sockets kafkajs's Connection opens, through its documented extension point (a socketFactory, kafkajs's
// ISocketFactory): the same as kafkajs's own, a TCP or TLS socket with keep-alive, except that node:tls loads
// only for a TLS connection (kafkajs's loads it with the first connection of any kind: ~12 ms on Node 24).

import { connect, isIP, type Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { tlsModule } from './lazy-builtins.js';

const KEEP_ALIVE_DELAY_MS = 60_000;

export interface SocketRequest {
  readonly host: string;
  readonly port: number;
  readonly ssl?: ConnectionOptions | boolean | null;
  readonly onConnect: () => void;
}

export function socketFactory({ host, port, ssl, onConnect }: SocketRequest): Socket {
  const socket = ssl
    ? tlsModule().connect(
        { host, port, ...(isIP(host) ? {} : { servername: host }), ...(ssl === true ? {} : ssl) },
        onConnect,
      )
    : connect({ host, port }, onConnect);
  socket.setKeepAlive(true, KEEP_ALIVE_DELAY_MS);
  return socket;
}
