import type { ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { createSharedSubscriptions, sharedSubscriptionKey } from '../src/graphql/shared-subscriptions';
import { sharedSubscriptionSources } from '../src/lib/metrics';
import { createPushQueue, MAX_PENDING_EVENTS, type PushSink, SubscriberOverflowError } from '../src/lib/push-queue';

// Sockets of one user running the same subscription share one source: it starts once, every socket
// reads every result through a queue of its own, and it ends when the last socket leaves.

const result = (n: number): ExecutionResult => ({ data: { n } });
const actor = (overrides: Partial<Actor> = {}): Actor => ({
  id: 7,
  role: 'VETERINARIAN',
  approved: true,
  specialty: null,
  sessionId: 's1',
  ...overrides,
});

/** A source the test feeds by hand, counting how often it was started and whether it was ended. */
function source() {
  const queue = createPushQueue<ExecutionResult>(() => {
    state.ended = true;
  });
  const state = { starts: 0, ended: false, queue };
  const start = () => {
    state.starts++;
    return queue.iterator;
  };
  return { state, start };
}

type Iterator = AsyncIterableIterator<ExecutionResult>;

describe('shared subscriptions', () => {
  it('the key leaves the session out but keeps the operation, variables and permissions', () => {
    const operation = { document: 1 };
    const key = sharedSubscriptionKey(operation, actor());
    expect(sharedSubscriptionKey({ document: 2 }, actor())).not.toBe(key);
    expect(sharedSubscriptionKey({ ...operation, operationName: 'Other' }, actor())).not.toBe(key);
    expect(sharedSubscriptionKey(operation, actor({ sessionId: 's2' }))).toBe(key);
    expect(sharedSubscriptionKey(operation, actor({ id: 8 }))).not.toBe(key);
    expect(sharedSubscriptionKey(operation, actor({ approved: false }))).not.toBe(key);
    expect(sharedSubscriptionKey(operation, actor({ role: 'ADMIN' }))).not.toBe(key);
    expect(sharedSubscriptionKey({ ...operation, variables: { uuid: 'a' } }, actor())).not.toBe(key);
    expect(sharedSubscriptionKey(operation, null)).not.toBe(key);
  });

  it('starts once for concurrent joiners, delivers every result to each, ends with the last', async () => {
    const shared = createSharedSubscriptions();
    const { state, start } = source();
    const [a, b] = (await Promise.all([shared.join('k', start), shared.join('k', start)])) as Iterator[];
    expect(state.starts).toBe(1);
    state.queue.push(result(1));
    state.queue.push(result(2));
    expect((await a?.next())?.value).toEqual(result(1));
    expect((await b?.next())?.value).toEqual(result(1));
    expect((await b?.next())?.value).toEqual(result(2));

    await a?.return?.();
    expect(state.ended).toBe(false);
    state.queue.push(result(3));
    expect((await b?.next())?.value).toEqual(result(3));
    await b?.return?.();
    expect(state.ended).toBe(true);
    expect(shared.size).toBe(0);

    // The next joiner starts a fresh source.
    const again = source();
    await shared.join('k', again.start);
    expect(again.state.starts).toBe(1);
  });

  it('an error result is returned to the joiner and not kept', async () => {
    const shared = createSharedSubscriptions();
    const denied: ExecutionResult = { errors: [] };
    expect(await shared.join('k', () => denied)).toBe(denied);
    expect(shared.size).toBe(0);
  });

  it('a socket that stops reading is dropped alone; the source and the others go on', async () => {
    const shared = createSharedSubscriptions();
    const { state, start } = source();
    const slow = (await shared.join('k', start)) as Iterator;
    const reader = (await shared.join('k', start)) as Iterator;
    for (let i = 0; i <= MAX_PENDING_EVENTS; i++) {
      state.queue.push(result(i));
      expect((await reader.next()).value).toEqual(result(i));
    }
    expect(state.ended).toBe(false);
    for (let i = 0; i < MAX_PENDING_EVENTS; i++) expect((await slow.next()).value).toEqual(result(i));
    await expect(slow.next()).rejects.toBeInstanceOf(SubscriberOverflowError);
    await reader.return?.();
    expect(state.ended).toBe(true);
  });

  it('a source that ends or fails ends or fails every socket on it', async () => {
    const shared = createSharedSubscriptions();
    const ending = source();
    const a = (await shared.join('a', ending.start)) as Iterator;
    ending.state.queue.push(result(1));
    ending.state.queue.end();
    expect((await a.next()).value).toEqual(result(1));
    expect((await a.next()).done).toBe(true);

    const failing = source();
    const b = (await shared.join('b', failing.start)) as Iterator;
    failing.state.queue.fail(new Error('boom'));
    await expect(b.next()).rejects.toThrow('boom');
    expect(shared.size).toBe(0);
  });

  it('the sources gauge counts a shared source until its last socket leaves', async () => {
    const gauge = async () => (await sharedSubscriptionSources.get()).values[0]?.value ?? 0;
    const before = await gauge();
    const shared = createSharedSubscriptions();
    const { start } = source();
    const [a, b] = (await Promise.all([shared.join('g', start), shared.join('g', start)])) as Iterator[];
    expect(await gauge()).toBe(before + 1);
    await a?.return?.();
    expect(await gauge()).toBe(before + 1);
    await b?.return?.();
    expect(await gauge()).toBe(before);
  });
});

/** A sink that records what it is handed, and pauses its queue when told to. */
function recorder() {
  const seen: Array<number | string> = [];
  const sink: PushSink<number> = {
    onValue: (value) => seen.push(value),
    onEnd: (failure) => seen.push(failure ? `failed: ${failure.message}` : 'end'),
  };
  return { seen, sink };
}

describe('a push queue listened to', () => {
  it('hands what was queued, then each push at once, then the end', () => {
    const queue = createPushQueue<number>();
    queue.push(1);
    const { seen, sink } = recorder();
    queue.listen(sink);
    expect(seen).toEqual([1]);
    queue.push(2);
    expect(seen).toEqual([1, 2]);
    queue.end();
    expect(seen).toEqual([1, 2, 'end']);
    expect(queue.push(3)).toBe(false);
  });

  it('paused, values wait (under the bound) and come in order on resume, the failure after them', () => {
    let closed = 0;
    const queue = createPushQueue<number>(() => closed++);
    const { seen, sink } = recorder();
    queue.listen(sink);
    queue.pause();
    for (let i = 0; i < MAX_PENDING_EVENTS; i++) expect(queue.push(i)).toBe(true);
    expect(queue.push(MAX_PENDING_EVENTS)).toBe(false);
    expect(closed).toBe(1);
    expect(seen).toEqual([]);
    queue.resume();
    expect(seen).toHaveLength(MAX_PENDING_EVENTS + 1);
    expect(seen.at(-1)).toBe(`failed: ${new SubscriberOverflowError().message}`);
  });

  it('return() stops it: no end is reported to the sink, nothing more is taken', async () => {
    let closed = 0;
    const queue = createPushQueue<number>(() => closed++);
    const { seen, sink } = recorder();
    queue.listen(sink);
    await queue.return();
    expect(closed).toBe(1);
    expect(queue.push(1)).toBe(false);
    queue.end();
    expect(seen).toEqual([]);
  });
});
