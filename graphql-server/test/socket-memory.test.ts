import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { wsClient } from './helpers/ws';

// What an idle socket keeps (graphql/ws.ts): not its upgrade request. Its headers, raw headers and
// stream state were ~1.5 KB a socket for the life of the socket, of 10,000 sockets 15 MB.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 10 && ref.deref(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
  }
  return ref.deref() === undefined;
}

describe('an open socket', () => {
  it('does not keep its upgrade request', async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const http = await signedInClient(server.url, vet);
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    const onUpgrade = (request: IncomingMessage) => upgrades.push(new WeakRef(request));
    server.app.server.prependListener('upgrade', onUpgrade);
    const client = wsClient(server.url, http.cookieHeader);
    const subscribed = new Promise<void>((resolve) => {
      client.on('connected', () => resolve());
    });
    client.subscribe(
      { query: 'subscription { myCasesChanged { uuid status } }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await subscribed;
    server.app.server.removeListener('upgrade', onUpgrade);
    expect(upgrades).toHaveLength(1);
    expect(await collected(upgrades[0] as WeakRef<IncomingMessage>)).toBe(true);
    await client.dispose();
  });
});
