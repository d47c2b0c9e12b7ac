// Starts an emulator for a test file and closes it (and every client opened through it) in after()
// hooks, so no test leaves a socket or timer behind.

import { after, before } from 'node:test';
import {
  startEmulatedClusters,
  type EmulatedClusters,
  type EmulatorOptions,
} from '../../../../src/lib/emulator/index.js';
import { RawClient, type RawClientOptions } from './raw-client.js';

export interface EmulatorFixture {
  readonly emulator: EmulatedClusters;
  /** Opens a client that is closed automatically after the file's tests. */
  connect(address: string, options?: RawClientOptions): Promise<RawClient>;
}

export function useEmulator(options: EmulatorOptions = {}): EmulatorFixture {
  let emulator: EmulatedClusters | undefined;
  const clients: RawClient[] = [];
  before(async () => {
    // Started partitions mirror at once here unless a test asks for the prototype's startup FAILED.
    emulator = await startEmulatedClusters({ ...options, timing: { startupFailureMs: 0, ...options.timing } });
  });
  after(async () => {
    for (const client of clients) client.close();
    await emulator?.close();
  });
  return {
    get emulator(): EmulatedClusters {
      if (!emulator) throw new Error('emulator not started yet (use it inside a test)');
      return emulator;
    },
    async connect(address, clientOptions) {
      const client = await RawClient.connect(address, clientOptions);
      clients.push(client);
      return client;
    },
  };
}
