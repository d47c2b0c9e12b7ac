// Who sent a request to the engine, and where it arrived.

export interface RequestContext {
  /** e.g. 'User:alice'; 'User:ANONYMOUS' on an unauthenticated listener. */
  readonly principal: string;
  /** The node that received the request. */
  readonly nodeId: number;
  /** True when the request reached a controller directly (not forwarded by a broker). */
  readonly isController?: boolean;
}
