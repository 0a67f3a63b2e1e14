import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { Logger } from './logger';

// Fan-out of events across server instances. Without REDIS_URL events stay in this process.
// With it, every instance publishes to and subscribes from Redis. If Redis goes away, publishing
// fails fast and is logged (the mutation that caused it has already committed and still succeeds;
// clients fall back to polling); ioredis reconnects and re-subscribes by itself when Redis returns.

export interface EventTransport {
  eventTarget: ReturnType<typeof createRedisEventTarget> | undefined;
  isConnected(): boolean;
  close(): Promise<void>;
}

export function createEventTransport(redisUrl: string | undefined, logger: Logger): EventTransport {
  if (!redisUrl) return { eventTarget: undefined, isConnected: () => true, close: async () => {} };

  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);
  // No offline queue on the publisher: an event raised while Redis is down is dropped at once rather
  // than piling up in memory and holding a request.
  const publisher = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy,
    lazyConnect: false,
  });
  // No CLIENT SETINFO on the subscriber: ioredis (5.8.2+) writes it, then its ready check's INFO, around the
  // SUBSCRIBEs a starting server queues meanwhile; an INFO after a SUBSCRIBE failed the ready check and the
  // server exited at start, now and then (ioredis issue #2037; test/pubsub.redis.test.ts).
  const subscriber = new Redis(redisUrl, { retryStrategy, maxRetriesPerRequest: null, disableClientInfo: true });
  let warned = false;
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => {
      if (!warned) logger.warn({ err: error.message }, 'redis unavailable: live events paused, clients poll');
      warned = true;
    });
    client.on('ready', () => {
      if (warned) logger.info('redis reconnected: live events flow again');
      warned = false;
    });
  }
  const safePublisher = {
    publish(channel: string, message: string) {
      return publisher.publish(channel, message).catch((error: Error) => {
        logger.warn({ channel, err: error.message }, 'event not published (redis unavailable)');
        return 0;
      });
    },
  } as unknown as Redis;

  return {
    eventTarget: createRedisEventTarget({ publishClient: safePublisher, subscribeClient: subscriber }),
    isConnected: () => publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
