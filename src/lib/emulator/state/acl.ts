// A small allow-list authorizer with Kafka's semantics for what mirroring touches (PROTOCOL.md §7):
// no ACLs allows all, super users bypass, ALTER implies DESCRIBE.

export type AclResourceType = 'CLUSTER_MIRROR' | 'TOPIC' | 'CLUSTER' | 'GROUP';

export const AclOperation = {
  ALL: 2,
  READ: 3,
  WRITE: 4,
  CREATE: 5,
  DELETE: 6,
  ALTER: 7,
  DESCRIBE: 8,
  CLUSTER_ACTION: 9,
  DESCRIBE_CONFIGS: 10,
  ALTER_CONFIGS: 11,
  IDEMPOTENT_WRITE: 12,
} as const;

export type AclOperationName = keyof typeof AclOperation;

export interface AclRule {
  readonly principal: string;
  readonly resourceType: AclResourceType;
  readonly name: string;
  readonly operation: AclOperationName;
}

export const CLUSTER_RESOURCE_NAME = 'kafka-cluster';

export const AUTHORIZED_OPERATIONS_OMITTED = -2147483648;

export const CLUSTER_MIRROR_OPERATIONS: readonly AclOperationName[] = [
  'CREATE',
  'DELETE',
  'ALTER',
  'DESCRIBE',
  'DESCRIBE_CONFIGS',
  'ALTER_CONFIGS',
];

// Kafka's AclAuthorizer: these operations also grant DESCRIBE (or DESCRIBE_CONFIGS).
const IMPLIED_BY: Partial<Record<AclOperationName, readonly AclOperationName[]>> = {
  DESCRIBE: ['READ', 'WRITE', 'DELETE', 'ALTER'],
  DESCRIBE_CONFIGS: ['ALTER_CONFIGS'],
};

export interface AuthorizerOptions {
  readonly rules?: readonly AclRule[];
  readonly superUsers?: readonly string[];
}

export class Authorizer {
  private readonly rules: AclRule[];
  private readonly superUsers: Set<string>;

  constructor(options: AuthorizerOptions = {}) {
    this.rules = [...(options.rules ?? [])];
    this.superUsers = new Set(options.superUsers ?? []);
  }

  addRule(rule: AclRule): void {
    this.rules.push(rule);
  }

  removeRules(match: (rule: AclRule) => boolean): number {
    const before = this.rules.length;
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i];
      if (rule && match(rule)) this.rules.splice(i, 1);
    }
    return before - this.rules.length;
  }

  listRules(): readonly AclRule[] {
    return this.rules;
  }

  addSuperUser(principal: string): void {
    this.superUsers.add(principal);
  }

  authorize(principal: string, resourceType: AclResourceType, name: string, operation: AclOperationName): boolean {
    if (this.rules.length === 0 || this.superUsers.has(principal)) return true;
    const granting = new Set<AclOperationName>([operation, 'ALL', ...(IMPLIED_BY[operation] ?? [])]);
    return this.rules.some(
      (rule) =>
        rule.resourceType === resourceType &&
        (rule.name === '*' || rule.name === name) &&
        (rule.principal === principal || rule.principal === 'User:*') &&
        granting.has(rule.operation),
    );
  }

  authorizedOperations(
    principal: string,
    resourceType: AclResourceType,
    name: string,
    operations: readonly AclOperationName[],
  ): number {
    let bits = 0;
    for (const op of operations) {
      if (this.authorize(principal, resourceType, name, op)) bits |= 1 << AclOperation[op];
    }
    return bits;
  }
}
