// SaslHandshake and SaslAuthenticate. On a SASL listener they run Kafka's SaslServerAuthenticator
// sequence; on any other listener, or after authentication, Kafka's request handler answers them
// with ILLEGAL_SASL_STATE, and so do these.

import { SaslAuthenticate, SaslHandshake } from '../../kafka/messages/index.js';
import { defineHandler, type RegisteredHandler } from './handler.js';
import type { SaslServer } from './sasl-server.js';

const UNSUPPORTED_SASL_MECHANISM = 33;
const ILLEGAL_SASL_STATE = 34;
const SASL_AUTHENTICATION_FAILED = 58;

export function saslHandlers(sasl: SaslServer | undefined): RegisteredHandler[] {
  const handshake = defineHandler({
    api: SaslHandshake,
    handle(ctx, body, version) {
      const session = ctx.session;
      if (!sasl || !session.saslRequired || session.authenticated)
        return { ErrorCode: ILLEGAL_SASL_STATE, Mechanisms: [] };
      const exchange = sasl.begin(body.Mechanism, version === 0);
      if (!exchange) {
        // Kafka names the enabled mechanisms, then drops the connection.
        ctx.closeAfterResponse();
        return { ErrorCode: UNSUPPORTED_SASL_MECHANISM, Mechanisms: [...sasl.mechanisms] };
      }
      session.saslExchange = exchange;
      return { ErrorCode: 0, Mechanisms: [...sasl.mechanisms] };
    },
  });

  const authenticate = defineHandler({
    api: SaslAuthenticate,
    handle(ctx, body) {
      const session = ctx.session;
      const exchange = session.saslExchange;
      if (!sasl || !session.saslRequired || session.authenticated || !exchange) {
        return {
          ErrorCode: ILLEGAL_SASL_STATE,
          ErrorMessage: 'SaslAuthenticate request received after successful authentication',
          AuthBytes: Buffer.alloc(0),
        };
      }
      const step = exchange.evaluate(Buffer.from(body.AuthBytes));
      if (step.kind === 'failed') {
        ctx.closeAfterResponse();
        return { ErrorCode: SASL_AUTHENTICATION_FAILED, ErrorMessage: step.message, AuthBytes: Buffer.alloc(0) };
      }
      if (step.kind === 'done') {
        session.authenticated = true;
        session.principal = `User:${step.authorizationId}`;
        session.saslExchange = undefined;
      }
      // SessionLifetimeMs 0: no re-authentication (connections.max.reauth.ms unset).
      return { ErrorCode: 0, ErrorMessage: null, AuthBytes: step.bytes, SessionLifetimeMs: 0n };
    },
  });

  return [handshake, authenticate];
}
