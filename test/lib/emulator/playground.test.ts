import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SASL_USERS } from '../../../src/lib/emulator/index.js';
import { startPlayground } from '../../../src/lib/emulator/playground.js';

describe('startPlayground --secure', () => {
  it('makes a new random password at each start, and shows it', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const running = await startPlayground({ secure: true, sourceNodes: 1, destinationNodes: 1, traffic: false });
      try {
        const security = running.info.security;
        assert.ok(security, 'security block present');
        assert.equal(running.clusters.security.sasl?.users[security.username], security.password);
        passwords.push(security.password);
      } finally {
        await running.close();
      }
    }
    assert.notEqual(passwords[0], passwords[1]);
    for (const password of passwords) {
      assert.ok(password.length >= 20, password);
      assert.ok(!Object.values(DEFAULT_SASL_USERS).includes(password));
    }
  });
});
