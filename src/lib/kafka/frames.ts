// Framing: flexible requests use header v2 (v1 otherwise); flexible responses header v1, except ApiVersions,
// whose response header is always v0 so a client can read it before it knows the broker's versions.

import { readMessage, isFlexible, writeMessage, DecodeError, skipTagBuffer } from './codec.js';
import type { ApiDefinition } from './definition.js';
import { RequestHeader, ResponseHeader } from './messages/headers.js';
import { ByteReader } from './wire/reader.js';
import { ByteWriter } from './wire/writer.js';

const API_VERSIONS_KEY = 18;

export function requestHeaderVersion(api: ApiDefinition, version: number): number {
  return isFlexible(api.request, version) ? 2 : 1;
}

export function responseHeaderVersion(api: ApiDefinition, version: number): number {
  if (api.apiKey === API_VERSIONS_KEY) return 0;
  return isFlexible(api.response, version) ? 1 : 0;
}

export interface RequestHeaderValue {
  RequestApiKey: number;
  RequestApiVersion: number;
  CorrelationId: number;
  ClientId: string | null;
}

export function encodeRequestFrame(
  api: ApiDefinition,
  version: number,
  correlationId: number,
  clientId: string | null,
  body: unknown,
  apiKey: number = api.apiKey,
): Buffer {
  const w = new ByteWriter(256);
  w.int32(0);
  const header: RequestHeaderValue = {
    RequestApiKey: apiKey,
    RequestApiVersion: version,
    CorrelationId: correlationId,
    ClientId: clientId,
  };
  writeMessage(RequestHeader, requestHeaderVersion(api, version), header, w);
  writeMessage(api.request, version, body, w);
  w.patchInt32(0, w.pos - 4);
  return w.toBuffer();
}

export function encodeResponseFrame(api: ApiDefinition, version: number, correlationId: number, body: unknown): Buffer {
  const w = new ByteWriter(256);
  w.int32(0);
  writeMessage(ResponseHeader, responseHeaderVersion(api, version), { CorrelationId: correlationId }, w);
  writeMessage(api.response, version, body, w);
  w.patchInt32(0, w.pos - 4);
  return w.toBuffer();
}

export interface DecodedRequest {
  readonly header: RequestHeaderValue;
  readonly api: ApiDefinition | undefined;
  readonly body: unknown;
}

/** The header's first fields are read as v1 to learn API and version; only then is a v2 tag buffer known. */
export function decodeRequestFrame(
  frame: Buffer,
  resolve: (apiKey: number) => ApiDefinition | undefined,
): DecodedRequest {
  const probe = readMessage<RequestHeaderValue>(RequestHeader, 1, new ByteReader(frame));
  const api = resolve(probe.RequestApiKey);
  if (!api) return { header: probe, api: undefined, body: undefined };
  const version = probe.RequestApiVersion;
  const reader = new ByteReader(frame);
  const header = readMessage<RequestHeaderValue>(RequestHeader, requestHeaderVersion(api, version), reader);
  const body = readMessage(api.request, version, reader);
  if (reader.remaining !== 0) {
    throw new DecodeError(api.request.name, version, '', `${reader.remaining} bytes left over after the message`);
  }
  return { header, api, body };
}

export function decodeResponseFrame<T>(
  api: ApiDefinition,
  version: number,
  frame: Buffer,
): { correlationId: number; body: T } {
  const reader = new ByteReader(frame);
  const header = readMessage<{ CorrelationId: number }>(ResponseHeader, responseHeaderVersion(api, version), reader);
  const body = readMessage<T>(api.response, version, reader);
  if (reader.remaining !== 0) {
    throw new DecodeError(api.response.name, version, '', `${reader.remaining} bytes left over after the message`);
  }
  return { correlationId: header.CorrelationId, body };
}

export function decodeResponseAfterCorrelationId<T>(api: ApiDefinition, version: number, rest: Buffer): T {
  const reader = new ByteReader(rest);
  if (responseHeaderVersion(api, version) >= 1) skipTagBuffer(reader, api.response.name, version);
  const body = readMessage<T>(api.response, version, reader);
  if (reader.remaining !== 0) {
    throw new DecodeError(api.response.name, version, '', `${reader.remaining} bytes left over after the message`);
  }
  return body;
}
