// AuthorizedOperations is a bitfield over Kafka's AclOperation codes (PROTOCOL.md §7):
// bit n set means operation n is allowed; INT32_MIN means "not requested".

export const ACL_OPERATIONS: Readonly<Record<number, string>> = {
  2: 'ALL',
  3: 'READ',
  4: 'WRITE',
  5: 'CREATE',
  6: 'DELETE',
  7: 'ALTER',
  8: 'DESCRIBE',
  9: 'CLUSTER_ACTION',
  10: 'DESCRIBE_CONFIGS',
  11: 'ALTER_CONFIGS',
  12: 'IDEMPOTENT_WRITE',
  13: 'CREATE_TOKENS',
  14: 'DESCRIBE_TOKENS',
};

export const NOT_REQUESTED = -2147483648;

export function decodeOperations(bits: number): string[] | undefined {
  if (bits === NOT_REQUESTED) return undefined;
  const names: string[] = [];
  for (const [code, name] of Object.entries(ACL_OPERATIONS)) if (bits & (1 << Number(code))) names.push(name);
  return names;
}

export function encodeOperations(names: readonly string[]): number {
  let bits = 0;
  for (const [code, name] of Object.entries(ACL_OPERATIONS)) if (names.includes(name)) bits |= 1 << Number(code);
  return bits;
}
