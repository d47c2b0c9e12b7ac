// Whether an address speaks TLS: one handshake that verifies nothing (no certificate is trusted or
// sent; only the server's ServerHello, or an alert it sends, matters). Used only to explain a
// plaintext connection that was closed without an answer.

import { tlsModule } from './lazy-builtins.js';
import type { BrokerAddress } from './transport.js';

const SERVER_ALERT = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_/;

export const PROBE_TIMEOUT_MS = 2_000;
export const MIN_PROBE_MS = 50;

/** The probe belongs to the failed request, so it never runs past that request's time. */
export function probeBudgetMs(timeoutMs: number, elapsedMs: number): number {
  const left = Math.min(PROBE_TIMEOUT_MS, timeoutMs - elapsedMs);
  return left < MIN_PROBE_MS ? 0 : left;
}

export function speaksTls(broker: BrokerAddress, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsModule().connect({
      host: broker.host,
      port: broker.port,
      rejectUnauthorized: false,
      // An IP address is not a valid SNI name; Node warns when it is given one.
      ...(/^[\d.]+$|:/.test(broker.host) ? {} : { servername: broker.host }),
    });
    const done = (answer: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), Math.max(1, timeoutMs));
    socket.once('secureConnect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(SERVER_ALERT.test(err.code ?? '')));
    socket.once('close', () => done(false));
  });
}
