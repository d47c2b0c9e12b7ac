// SaslHandshake (key 17, v0-1) and SaslAuthenticate (36, v0-2). On a SASL listener they run Kafka's
// SaslServerAuthenticator sequence; on any other listener, or after authentication, Kafka's request
// handler answers them with errors.ILLEGAL_SASL_STATE.code, and so do these.

import { SaslAuthenticate, SaslHandshake } from '../../kafka/messages/index.js';
import { defineHandler, type RegisteredHandler } from '../server/handler.js';
import type { SaslServer } from '../server/sasl-server.js';
import { errors } from '../../kafka/error-codes.js';

export function saslHandlers(sasl: SaslServer | undefined): RegisteredHandler[] {
  const handshake = defineHandler({
    api: SaslHandshake,
    handle(ctx, body, version) {
      const session = ctx.session;
      if (!sasl || !session.saslRequired || session.authenticated)
        return { ErrorCode: errors.ILLEGAL_SASL_STATE.code, Mechanisms: [] };
      const exchange = sasl.begin(body.Mechanism, version === 0);
      if (!exchange) {
        // Kafka names the enabled mechanisms, then drops the connection.
        ctx.closeAfterResponse();
        return { ErrorCode: errors.UNSUPPORTED_SASL_MECHANISM.code, Mechanisms: [...sasl.mechanisms] };
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
          ErrorCode: errors.ILLEGAL_SASL_STATE.code,
          ErrorMessage: 'SaslAuthenticate request received after successful authentication',
          AuthBytes: Buffer.alloc(0),
        };
      }
      const step = exchange.evaluate(Buffer.from(body.AuthBytes));
      if (step.kind === 'failed') {
        ctx.closeAfterResponse();
        return {
          ErrorCode: errors.SASL_AUTHENTICATION_FAILED.code,
          ErrorMessage: step.message,
          AuthBytes: Buffer.alloc(0),
        };
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
