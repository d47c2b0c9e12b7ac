// Generic edits of a response body by walking its definition, used by fault injection: force
// ThrottleTimeMs, or turn a response into an error response for any API without per-API code.

import { inVersions, type FieldDefinition, type MessageDefinition } from '../../kafka/definition.js';

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function present(field: FieldDefinition | undefined, version: number): field is FieldDefinition {
  return field !== undefined && inVersions(field.versions, version);
}

function structFields(message: MessageDefinition, field: FieldDefinition): readonly FieldDefinition[] | undefined {
  if (field.fields) return field.fields;
  const typeName = field.type.startsWith('[]') ? field.type.slice(2) : field.type;
  return message.commonStructs?.find((s) => s.name === typeName)?.fields;
}

export function hasTopLevelErrorCode(message: MessageDefinition, version: number): boolean {
  return present(
    message.fields.find((f) => f.name === 'ErrorCode'),
    version,
  );
}

export function withThrottle(message: MessageDefinition, version: number, body: unknown, throttleMs: number): unknown {
  if (
    !present(
      message.fields.find((f) => f.name === 'ThrottleTimeMs'),
      version,
    )
  )
    return body;
  return { ...(isObj(body) ? body : {}), ThrottleTimeMs: throttleMs };
}

function errorMessageValue(field: FieldDefinition, version: number, message: string | null): string | null {
  if (message !== null) return message;
  return inVersions(field.nullableVersions, version) ? null : '';
}

export function topLevelErrorBody(message: MessageDefinition, version: number, code: number, text: string | null): Obj {
  const body: Obj = { ErrorCode: code };
  const messageField = message.fields.find((f) => f.name === 'ErrorMessage');
  if (present(messageField, version)) body['ErrorMessage'] = errorMessageValue(messageField, version, text);
  return body;
}

export function withAllErrors(
  message: MessageDefinition,
  version: number,
  body: unknown,
  code: number,
  text: string | null,
): unknown {
  const walk = (fields: readonly FieldDefinition[], value: unknown): unknown => {
    if (!isObj(value)) return value;
    const copy: Obj = { ...value };
    for (const field of fields) {
      if (!present(field, version)) continue;
      if (field.name === 'ErrorCode' && field.type === 'int16') copy[field.name] = code;
      else if (field.name === 'ErrorMessage' && field.type === 'string')
        copy[field.name] = errorMessageValue(field, version, text);
      else {
        const inner = structFields(message, field);
        if (!inner) continue;
        const current = copy[field.name];
        if (Array.isArray(current)) copy[field.name] = current.map((item) => walk(inner, item));
        else if (isObj(current)) copy[field.name] = walk(inner, current);
      }
    }
    return copy;
  };
  return walk(message.fields, body);
}

export function withoutTopics(request: unknown, names: ReadonlySet<string>): unknown {
  if (!isObj(request) || !Array.isArray(request['Topics'])) return request;
  return {
    ...request,
    Topics: request['Topics'].filter(
      (t: unknown) => !(isObj(t) && typeof t['TopicName'] === 'string' && names.has(t['TopicName'])),
    ),
  };
}

export function withTopicErrors(body: unknown, codes: ReadonlyMap<string, number>, text: string | null): unknown {
  const copy: Obj = isObj(body) ? { ...body } : {};
  const existing = Array.isArray(copy['Topics']) ? (copy['Topics'] as unknown[]) : [];
  copy['Topics'] = [...existing, ...[...codes].map(([Name, ErrorCode]) => ({ Name, ErrorCode, ErrorMessage: text }))];
  return copy;
}
