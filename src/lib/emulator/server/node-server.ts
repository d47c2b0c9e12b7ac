// The TCP (or TLS) listener of one node; taken down and brought back on the same port, it looks like a restart.

import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { Connection, type WireListener } from './connection.js';
import type { NodeFaults, NodeLifecycle } from './faults.js';
import type { HandlerRegistry } from './handler.js';

/** How often a restarted node asks for its old port back, 100 ms apart, before the restart fails. */
const RESTART_LISTEN_ATTEMPTS = 30;

export interface NodeTlsOptions {
  readonly certPem: string;
  readonly keyPem: string;
  readonly caPem: string;
  readonly requireClientCert?: boolean;
}

export interface NodeServerOptions {
  readonly nodeId: number;
  readonly host?: string;
  readonly port?: number;
  readonly registry: HandlerRegistry;
  readonly faults: NodeFaults;
  readonly tls?: NodeTlsOptions;
  readonly saslRequired?: boolean;
  readonly maxFrameBytes?: number;
  readonly onWire?: WireListener;
  readonly onError?: (error: unknown, apiName: string) => void;
  readonly onRunningChange?: (running: boolean) => void;
}

/** Kafka's default SSL principal: `User:` and the subject in RFC 2253 order, e.g. `User:CN=kmirror-client`. */
export function certificatePrincipal(socket: TLSSocket): string | undefined {
  if (!socket.authorized) return undefined;
  const cert = socket.getPeerCertificate();
  const subject = cert.subject as unknown as Record<string, string | string[]> | undefined;
  if (!subject || Object.keys(subject).length === 0) return undefined;
  const parts = Object.entries(subject).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((v) => `${key}=${v}`) : [`${key}=${value}`],
  );
  return `User:${parts.reverse().join(',')}`;
}

export class NodeServer implements NodeLifecycle {
  private server: Server | undefined;
  private readonly connections = new Set<Connection>();
  private readonly sockets = new Set<Socket>();
  private boundPort: number;
  readonly host: string;

  constructor(private readonly options: NodeServerOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.boundPort = options.port ?? 0;
    options.faults.attach(this);
  }

  get nodeId(): number {
    return this.options.nodeId;
  }

  get port(): number {
    return this.boundPort;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  get openConnections(): number {
    return this.connections.size;
  }

  async start(): Promise<void> {
    if (this.server) return;
    let server = this.createServer();
    // A node brought back up reuses its old port, which the kernel may briefly have lent to an outgoing connection.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.listen(server);
        break;
      } catch (err) {
        const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
        if (!inUse || this.boundPort === 0 || attempt >= RESTART_LISTEN_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
        server = this.createServer();
      }
    }
    const address = server.address();
    if (address && typeof address === 'object') this.boundPort = address.port;
    this.server = server;
    this.options.onRunningChange?.(true);
  }

  private listen(server: Server): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      server.once('error', onError);
      server.listen({ port: this.boundPort, host: this.host, exclusive: true }, () => {
        server.off('error', onError);
        resolve();
      });
    });
  }

  /** `fence: false` leaves the engine thinking the node is alive (see NodeFaults.down). */
  async stop(options: { fence?: boolean } = {}): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const connection of this.connections) connection.close();
    for (const socket of this.sockets) socket.destroy();
    this.connections.clear();
    this.sockets.clear();
    if (options.fence !== false) this.options.onRunningChange?.(false);
    await closed;
  }

  private createServer(): Server {
    const tls = this.options.tls;
    if (!tls) {
      const server = createTcpServer((socket) => this.accept(socket, 'User:ANONYMOUS'));
      server.on('connection', (socket) => this.track(socket));
      return server;
    }
    const requireClientCert = tls.requireClientCert ?? false;
    const server = createTlsServer(
      {
        cert: tls.certPem,
        key: tls.keyPem,
        ca: tls.caPem,
        requestCert: requireClientCert,
        rejectUnauthorized: requireClientCert,
      },
      (socket) => this.accept(socket, certificatePrincipal(socket) ?? 'User:ANONYMOUS'),
    );
    server.on('connection', (socket: Socket) => this.track(socket));
    // A failed handshake (e.g. no client certificate) must not crash the process.
    server.on('tlsClientError', (_err, socket) => socket.destroy());
    return server;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private accept(socket: Socket, principal: string): void {
    if (!this.server) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const connection = new Connection(socket, {
      nodeId: this.options.nodeId,
      registry: this.options.registry,
      faults: this.options.faults,
      saslRequired: this.options.saslRequired ?? false,
      principal,
      ...(this.options.maxFrameBytes !== undefined ? { maxFrameBytes: this.options.maxFrameBytes } : {}),
      ...(this.options.onWire ? { onWire: this.options.onWire } : {}),
      ...(this.options.onError ? { onError: this.options.onError } : {}),
    });
    this.connections.add(connection);
    socket.once('close', () => this.connections.delete(connection));
  }
}
