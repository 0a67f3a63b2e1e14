import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../src/lib/logger';
import { createEventTransport } from '../src/lib/pubsub';

// The Redis transport's subscriber must survive subscriptions made while it is still connecting, as a
// server's start makes them (the socket server, the session cache and the job runner subscribe while the
// app is built). ioredis 5.8.2+ sends its handshake (CLIENT SETINFO, then the INFO of its ready check)
// around commands queued meanwhile: a SUBSCRIBE written before the INFO put the connection in subscriber
// mode, the ready check failed ("Connection in subscriber mode, only subscriber commands may be used"),
// and the server exited at start, now and then (ioredis issue #2037). Needs REDIS_URL.

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('the Redis event transport', () => {
  it('connects whenever its first subscriptions are made during the handshake', async () => {
    const warnings: unknown[] = [];
    const logger = {
      warn: (entry: unknown) => warnings.push(entry),
      info: () => {},
      error: () => {},
    } as unknown as Logger;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const notReady: number[] = [];
    try {
      // Subscribing 0-9 ms after the client is made falls, now and then, into the handshake's window
      // (without disableClientInfo on the subscriber: 1-5 failures in 40 here).
      for (let attempt = 0; attempt < 40; attempt++) {
        const transport = createEventTransport(REDIS_URL as string, logger);
        await sleep(attempt % 10);
        for (const topic of ['cases.changed', 'sessions.ended', 'notifications.added'])
          transport.eventTarget?.addEventListener(topic, () => {});
        for (let wait = 0; wait < 50 && !transport.isConnected(); wait++) await sleep(20);
        if (!transport.isConnected()) notReady.push(attempt);
        await transport.close();
      }
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect({ notReady, warnings, unhandled: unhandled.map(String) }).toEqual({
      notReady: [],
      warnings: [],
      unhandled: [],
    });
  });
});
