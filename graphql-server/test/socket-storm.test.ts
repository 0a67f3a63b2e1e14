import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchLoader } from '../src/lib/batch';
import { hashToken, newToken } from '../src/lib/tokens';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// A reconnect storm's session look-ups (graphql/ws.ts): distinct sessions asked for together are read
// in one query per batch, each token still getting its own answer.

describe('batch loader', () => {
  const recording = (answer: (key: string) => string | undefined = (key) => `v${key}`) => {
    const calls: string[][] = [];
    const load = createBatchLoader(
      async (keys: string[]) => {
        calls.push(keys);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Map(keys.flatMap((key) => (answer(key) === undefined ? [] : [[key, answer(key) as string]])));
      },
      'none',
      { maxBatch: 100 },
    );
    return { calls, load };
  };

  it('keys asked for together are one read; each caller gets its own value; repeats are read once', async () => {
    const { calls, load } = recording();
    const keys = Array.from({ length: 60 }, (_, i) => String(i % 50));
    expect(await Promise.all(keys.map(load))).toEqual(keys.map((key) => `v${key}`));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(50);
  });

  it('at most maxBatch keys a read; a key the read does not answer gets the fallback', async () => {
    const { calls, load } = recording((key) => (key === '7' ? undefined : `v${key}`));
    const values = await Promise.all(Array.from({ length: 250 }, (_, i) => load(String(i))));
    expect(calls.map((keys) => keys.length)).toEqual([100, 100, 50]);
    expect(values[7]).toBe('none');
    expect(values[8]).toBe('v8');
  });

  it('keys asked for while a read is in flight form the next batch', async () => {
    const { calls, load } = recording();
    const first = load('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([['a']]);
    const later = Promise.all([load('b'), load('c')]);
    expect(await first).toBe('va');
    expect(await later).toEqual(['vb', 'vc']);
    expect(calls).toEqual([['a'], ['b', 'c']]);
  });

  it('a failed read rejects its callers only; the next batch is read again', async () => {
    let fail = true;
    const load = createBatchLoader(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    }, '');
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('database down');
    fail = false;
    expect(await load('a')).toBe('A');
  });
});

describe('auth.actorsFromSessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers each token: its actor, or null when expired, unknown or not a token (as actorFromSession)', async () => {
    const { db } = server.database;
    const specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const [valid, expired, other, unknown] = [newToken(), newToken(), newToken(), newToken()];
    await db.session.createMany({
      data: [
        { tokenHash: hashToken(valid), userId: specialist.id, expiresAt: new Date(Date.now() + 60_000) },
        { tokenHash: hashToken(expired), userId: specialist.id, expiresAt: new Date(Date.now() - 1000) },
        { tokenHash: hashToken(other), userId: vet.id, expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    const tokens = [valid, expired, other, unknown, 'x'.repeat(201), ''];
    const actors = await server.services.auth.actorsFromSessions(tokens);
    for (const token of tokens) expect(actors.get(token)).toEqual(await server.services.auth.actorFromSession(token));
    expect(actors.get(valid)).toMatchObject({ id: specialist.id, role: 'SPECIALIST', approved: true });
    expect(actors.get(other)).toMatchObject({ id: vet.id, role: 'VETERINARIAN' });
    expect(actors.get(expired)).toBeNull();
    expect(actors.get(unknown)).toBeNull();
  });
});

describe('batch loader answers', () => {
  it('a few callers per turn of the event loop, so other work runs in between', async () => {
    const load = createBatchLoader(async (keys: number[]) => new Map(keys.map((key) => [key, key])), 0, {
      answerChunk: 10,
    });
    const order: string[] = [];
    const answered = Array.from({ length: 30 }, (_, i) => load(i).then(() => order.push(`answer ${i}`)));
    // Other work queued once the first ten are answered (as an I/O callback would be).
    void answered[0]?.then(() => setImmediate(() => order.push('other work')));
    await Promise.all(answered);
    const other = order.indexOf('other work');
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(order.length - 1);
    expect(order.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `answer ${i}`));
  });
});
