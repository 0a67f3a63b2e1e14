// An async iterator fed by push(): what a live subscription hands to graphql-ws. One queue and one
// waiting resolver, no promise chain per operator, and a bound on what a consumer that stopped reading
// may hold (it is ended with an error past the bound instead of growing memory).
//
// A class rather than closures: every idle subscription holds two of these (the event bus's and its
// socket's), so their methods live once on the prototype and an instance is a handful of fields.
//
// A consumer may also take values as they are pushed instead of awaiting next() (`listen`): the value
// is handed over synchronously, with no promise and no microtask per value, and an idle listener holds
// no pending promise. It can pause (values then wait in the queue, under the same bound) and resume.

/** Undelivered values one consumer may hold before it is dropped (a client that stopped reading). */
export const MAX_PENDING_EVENTS = 1000;

export class SubscriberOverflowError extends Error {
  constructor() {
    super(`More than ${MAX_PENDING_EVENTS} undelivered events: the subscription was ended; subscribe again.`);
  }
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/** Takes a queue's values as they come (PushQueue.listen). */
export interface PushSink<T> {
  /** A value; must not throw. */
  onValue(value: T): void;
  /** The queue ended (with its failure, if it failed); nothing more comes. Not called after return(). */
  onEnd(failure: Error | undefined): void;
}

/** `onClose` runs once: when the consumer returns or throws, or the queue ends, fails or overflows. */
export class PushQueue<T> implements AsyncIterableIterator<T> {
  /** Allocated with the first value that has to wait (most subscriptions never queue one). */
  #queue: T[] | undefined;
  #resolve: ((result: IteratorResult<T>) => void) | undefined;
  #reject: ((error: Error) => void) | undefined;
  /** Delivered after what is queued, then the iteration is done. */
  #failure: Error | undefined;
  /** No more pushes are taken. */
  #closed = false;
  #onClose: (() => void) | undefined;
  #sink: PushSink<T> | undefined;
  #paused = false;

  constructor(onClose?: () => void) {
    this.#onClose = onClose;
  }

  /** The iterator to hand out: the queue itself. */
  get iterator(): AsyncIterableIterator<T> {
    return this;
  }

  /** Queues a value (or hands it to a waiting next()); false once the queue has ended or overflowed. */
  push(value: T): boolean {
    if (this.#closed) return false;
    const sink = this.#sink;
    if (sink && !this.#paused && !this.#queue?.length) {
      sink.onValue(value);
      return true;
    }
    const resolve = this.#resolve;
    if (resolve) {
      this.#resolve = undefined;
      this.#reject = undefined;
      resolve({ value, done: false });
      return true;
    }
    this.#queue ??= [];
    const queue = this.#queue;
    if (queue.length >= MAX_PENDING_EVENTS) {
      this.#failure = new SubscriberOverflowError();
      this.#close();
      return false;
    }
    queue.push(value);
    return true;
  }

  /** Ends the iteration after what is queued has been read. */
  end(): void {
    this.#close();
    if (this.#sink) this.#flush();
    else if (!this.#queue?.length) this.#settleWaiting();
  }

  /** Ends the iteration with an error after what is queued has been read. */
  fail(error: Error): void {
    if (this.#closed) return;
    this.#failure = error;
    this.#close();
    if (this.#sink) this.#flush();
    else if (!this.#queue?.length) this.#settleWaiting();
  }

  /**
   * Hands every value to `sink` as it is pushed (what is already queued first), then the end. Instead
   * of next(): a queue has one consumer, and listens or is iterated.
   */
  listen(sink: PushSink<T>): void {
    this.#sink = sink;
    this.#flush();
  }

  /** Values wait in the queue (under its bound) until resume(). */
  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#flush();
  }

  /** Pending values, then the end, to the listening sink while it is not paused. */
  #flush() {
    const sink = this.#sink;
    if (!sink) return;
    const queue = this.#queue;
    while (queue?.length && !this.#paused && this.#sink === sink) sink.onValue(queue.shift() as T);
    if (!this.#closed || this.#paused || this.#sink !== sink || queue?.length) return;
    const failure = this.#failure;
    this.#failure = undefined;
    this.#sink = undefined;
    sink.onEnd(failure);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#queue?.length) return Promise.resolve({ value: this.#queue.shift() as T, done: false });
    const failure = this.#failure;
    if (failure) {
      this.#failure = undefined;
      return Promise.reject(failure);
    }
    if (this.#closed) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.#leave();
    return Promise.resolve(DONE);
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.#leave();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #close() {
    if (this.#closed) return;
    this.#closed = true;
    const onClose = this.#onClose;
    this.#onClose = undefined;
    onClose?.();
  }

  /** Settles a waiting next() (its queue is empty) with the end, or with the failure once. */
  #settleWaiting() {
    const resolve = this.#resolve;
    const reject = this.#reject;
    if (!resolve || !reject) return;
    this.#resolve = undefined;
    this.#reject = undefined;
    const failure = this.#failure;
    if (failure) {
      this.#failure = undefined;
      reject(failure);
    } else {
      resolve(DONE);
    }
  }

  #leave() {
    this.#sink = undefined;
    this.#close();
    this.#queue = undefined;
    this.#failure = undefined;
    this.#settleWaiting();
  }
}

export function createPushQueue<T>(onClose?: () => void): PushQueue<T> {
  return new PushQueue<T>(onClose);
}
