import assert from 'node:assert/strict';
import { useColours } from '../../../src/lib/text/paint.js';
import { before, describe, it } from 'node:test';
import { type MirrorCheck, missingPermissions, permissionsFor } from '../../../src/lib/mirror/check/check-mirror.js';
import { renderMirrorCheck } from '../../../src/lib/render/check.js';
import { joinedRegex } from '../../helpers/joined-regex.js';

const render = (check: MirrorCheck): string => renderMirrorCheck(check, missingPermissions(check));

describe('mirror permission report', () => {
  before(() => {
    useColours(undefined);
  });

  it('ALL grants every operation', () => {
    assert.ok(permissionsFor(['ALL']).every((p) => p.allowed));
  });

  it('a missing CREATE on an existing mirror is informational, not "missing"', () => {
    const text = render({
      name: 'm1',
      authorizedOperations: ['DELETE', 'ALTER', 'DESCRIBE', 'DESCRIBE_CONFIGS', 'ALTER_CONFIGS'],
      permissions: permissionsFor(['DELETE', 'ALTER', 'DESCRIBE', 'DESCRIBE_CONFIGS', 'ALTER_CONFIGS']),
      failureCauses: [],
    });
    assert.match(text, /^CREATE +no +create \(a new mirror; informational here\)$/m);
    assert.match(text, /This principal may run every kmirror command on mirror m1\./);
  });

  it('DELETE without ALTER: names delete under both and says it needs both', () => {
    const text = render({
      name: 'm1',
      authorizedOperations: ['DELETE', 'DESCRIBE'],
      permissions: permissionsFor(['DELETE', 'DESCRIBE']),
      failureCauses: [],
    });
    assert.match(text, /^Mirror m1: this principal may perform DELETE, DESCRIBE$/m);
    assert.match(
      text,
      joinedRegex([
        /Missing on mirror m1: ALTER, DESCRIBE_CONFIGS, ALTER_CONFIGS; these commands would fail with exit 5: /,
        /add-topics, remove-topics, pause, resume, delete, config get, config set\./,
      ]),
    );
    assert.match(text, /delete needs both DELETE \(checked by the broker\) and ALTER \(checked by the controller\)\./);
  });
});
