// An async iterator fed by push(): what a live subscription hands to graphql-ws. One queue and one
// waiting resolver, no promise chain per operator, and a bound on what a consumer that stopped reading
// may hold (it is ended with an error past the bound instead of growing memory).

/** Undelivered values one consumer may hold before it is dropped (a client that stopped reading). */
export const MAX_PENDING_EVENTS = 1000;

export class SubscriberOverflowError extends Error {
  constructor() {
    super(`More than ${MAX_PENDING_EVENTS} undelivered events: the subscription was ended; subscribe again.`);
  }
}

export interface PushQueue<T> {
  /** Queues a value (or hands it to a waiting next()); false once the queue has ended or overflowed. */
  push(value: T): boolean;
  /** Ends the iteration after what is queued has been read. */
  end(): void;
  /** Ends the iteration with an error after what is queued has been read. */
  fail(error: Error): void;
  readonly iterator: AsyncIterableIterator<T>;
}

/** `onClose` runs once: when the consumer returns or throws, or the queue ends, fails or overflows. */
export function createPushQueue<T>(onClose: () => void = () => {}): PushQueue<T> {
  const queue: T[] = [];
  let waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | undefined;
  /** Delivered after what is queued, then the iteration is done. */
  let failure: Error | undefined;
  /** No more pushes are taken. */
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    onClose();
  };
  /** Settles a waiting next() (its queue is empty) with the end, or with the failure once. */
  const settleWaiting = () => {
    const pending = waiting;
    if (!pending) return;
    waiting = undefined;
    if (failure) {
      const error = failure;
      failure = undefined;
      pending.reject(error);
    } else {
      pending.resolve({ value: undefined, done: true });
    }
  };
  const leave = () => {
    close();
    queue.length = 0;
    failure = undefined;
    settleWaiting();
  };

  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift() as T, done: false });
      if (failure) {
        const error = failure;
        failure = undefined;
        return Promise.reject(error);
      }
      if (closed) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return() {
      leave();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error?: unknown) {
      leave();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };

  return {
    push(value) {
      if (closed) return false;
      if (waiting) {
        const { resolve } = waiting;
        waiting = undefined;
        resolve({ value, done: false });
        return true;
      }
      if (queue.length >= MAX_PENDING_EVENTS) {
        failure = new SubscriberOverflowError();
        close();
        return false;
      }
      queue.push(value);
      return true;
    },
    end() {
      close();
      if (!queue.length) settleWaiting();
    },
    fail(error) {
      if (closed) return;
      failure = error;
      close();
      if (!queue.length) settleWaiting();
    },
    iterator,
  };
}
