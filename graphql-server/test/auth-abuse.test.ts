import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, REGISTRATION_CLASH } from '../src/domain/auth/auth.service';
import { LoginThrottle } from '../src/domain/auth/login-throttle';
import { RESET_MAIL_TASK } from '../src/domain/notifications/account-mails';
import type { Db } from '../src/lib/db/client';
import { hashToken, newToken } from '../src/lib/tokens';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 21 items 7 and 8: login failures are counted per account and slow guessing down without
// locking the owner out; reset links end each other; the reset request answers before any mail work;
// a registration clash does not say whether the username or the e-mail exists.

let quick: TestServer; // short delays: the owner's correct password goes through after them
let strict: TestServer; // long delays that are refused at once (maxWaitMs 0): who shares a count shows
let database: TestDatabase; // this file runs the queue: its own jobs only (helpers/database.ts)
beforeAll(async () => {
  database = await fileDatabase();
  quick = await startTestServer({
    databaseUrl: database.url,
    loginThrottle: { baseDelayMs: 20, maxDelayMs: 80, maxWaitMs: 5000 },
  });
  strict = await startTestServer({
    databaseUrl: database.url,
    loginThrottle: { freeFailures: 3, baseDelayMs: 600_000, maxDelayMs: 600_000, maxWaitMs: 0 },
    trustProxy: ['127.0.0.1'],
  });
});
afterAll(async () => {
  await quick?.close();
  await strict?.close();
  await database?.drop();
});

const login = (server: TestServer, username: string, password: string, ip?: string) =>
  new TestClient(server.url).request(
    'POST',
    '/api/auth/login',
    JSON.stringify({ username, password }),
    ip ? { 'x-forwarded-for': ip } : {},
  );

describe('login failures: per account, slowed, the owner never locked out', () => {
  it('ten wrong passwords, then the right one signs the owner in (after a delay, not a lockout)', async () => {
    const user = await createUser(quick.database.db, { role: 'VETERINARIAN' });
    for (let i = 0; i < 10; i++) {
      const wrong = await login(quick, user.username, 'wrong-pass');
      expect(wrong.status).toBe(401);
    }
    const owner = await login(quick, user.username, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(user.id);
  });

  it('the username and the e-mail share one count (not 2 x the allowance)', async () => {
    const user = await createUser(strict.database.db, { role: 'VETERINARIAN' });
    const ip = '10.9.0.1';
    const statuses = [];
    for (const name of [user.username, user.email, user.username.toUpperCase(), user.email, user.username])
      statuses.push((await login(strict, name, 'wrong-pass', ip)).status);
    // 3 free failures, a 4th attempt starts the delay, the 5th comes too early whatever the identifier.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const early = await login(strict, user.email, TEST_PASSWORD, ip);
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("someone else's guessing from another address does not keep the owner out", async () => {
    const user = await createUser(strict.database.db, { role: 'VETERINARIAN' });
    for (let i = 0; i < 5; i++) await login(strict, user.username, 'wrong-pass', '10.9.1.1');
    expect((await login(strict, user.username, TEST_PASSWORD, '10.9.1.1')).status).toBe(429);
    const owner = await login(strict, user.username, TEST_PASSWORD, '10.9.1.2');
    expect(owner.status).toBe(200);
  });

  it('the throttle: delays double past the free failures, parallel guesses queue, failures from all addresses set a floor', () => {
    let t = 0;
    const throttle = new LoginThrottle(
      { freeFailures: 2, accountFreeFailures: 4, baseDelayMs: 100, maxDelayMs: 400, maxWaitMs: 1000, windowMs: 60_000 },
      () => t,
    );
    const a = 'user:1';
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 0 });
    throttle.fail(a, 'ip1');
    throttle.fail(a, 'ip1');
    // Past the free failures: the next attempt starts at once, the ones behind it wait 100 ms each.
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 0 });
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 100 });
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 200 });
    throttle.fail(a, 'ip1'); // 3 failures: 200 ms between attempts
    t = 300;
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 0 });
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 200 });
    // Another address has its own spacing: the account's 3 failures are under its floor of 4.
    expect(throttle.admit(a, 'ip2')).toEqual({ admitted: true, waitMs: 0 });
    throttle.fail(a, 'ip2');
    throttle.fail(a, 'ip3');
    // 5 failures on the account (1 past its floor of 4): even a fresh address is spaced, 200 ms.
    expect(throttle.admit(a, 'ip4')).toEqual({ admitted: true, waitMs: 0 });
    expect(throttle.admit(a, 'ip4')).toEqual({ admitted: true, waitMs: 200 });
    // A queue longer than maxWaitMs is refused at once.
    for (let i = 0; i < 4; i++) throttle.admit(a, 'ip1');
    expect(throttle.admit(a, 'ip1')).toMatchObject({ admitted: false });
    // A success ends this address's delay (the account-wide floor stays).
    throttle.succeed(a, 'ip4');
    t = 10_000;
    expect(throttle.admit(a, 'ip4')).toEqual({ admitted: true, waitMs: 0 });
    // After the window without failures, everything is forgotten.
    t = 200_000;
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 0 });
    expect(throttle.admit(a, 'ip1')).toEqual({ admitted: true, waitMs: 0 });
  });
});

/** Every reset link mailed so far, once the links requested are made and their mail jobs have run. */
async function resetLinks(server: TestServer): Promise<string[]> {
  await server.services.auth.settled();
  await server.services.jobs.runDue(undefined, [RESET_MAIL_TASK]);
  const outbox = join(server.dataDir, 'outbox');
  const links = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const eml = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
    const match = eml.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
    if (match?.[1]) links.push(match[1]);
  }
  return links;
}

describe('reset links', () => {
  it('requesting a new link ends the older ones', async () => {
    const user = await createUser(quick.database.db, { role: 'VETERINARIAN' });
    const client = new TestClient(quick.url);
    const before = await resetLinks(quick);
    await client.post('/api/password-reset-request', { email: user.email });
    const [older] = (await resetLinks(quick)).filter((link) => !before.includes(link));
    await client.post('/api/password-reset-request', { email: user.email });
    const [newer] = (await resetLinks(quick)).filter((link) => !before.includes(link) && link !== older);
    expect(older && newer).toBeTruthy();
    expect((await client.get(`/api/validate-reset-token/${older}`)).status).toBe(400);
    const reset = (token: string | undefined) =>
      client.post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect((await reset(older)).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
  });

  it('requests sent at once leave exactly one valid link: the one in the newest e-mail', async () => {
    const user = await createUser(quick.database.db, { role: 'VETERINARIAN' });
    const client = new TestClient(quick.url);
    const before = await resetLinks(quick);
    await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/password-reset-request', { email: user.email })),
    );
    const links = (await resetLinks(quick)).filter((link) => !before.includes(link));
    // The five links ended by a newer request before their mail's turn are not mailed (no dead link).
    expect(links).toHaveLength(1);
    const valid = [];
    for (const link of links) {
      if ((await client.get(`/api/validate-reset-token/${link}`)).status === 200) valid.push(link);
    }
    expect(valid).toEqual([links.at(-1)]);
  });

  it('using a link ends the other links of the account', async () => {
    const db = quick.database.db;
    const user = await createUser(db, { role: 'VETERINARIAN' });
    // Two links issued before this rule (or by two instances at once): both valid.
    const [first, second] = [newToken(), newToken()];
    for (const token of [first, second]) {
      await db.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
      });
    }
    const client = new TestClient(quick.url);
    const reset = (token: string, password: string) =>
      client.post('/api/auth/reset-password', { token, password, confirmPassword: password });
    expect((await reset(first, 'first-new-pass')).status).toBe(200);
    const stale = await reset(second, 'second-new-pass');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('This password reset link is invalid or has expired.');
    expect((await login(quick, user.username, 'first-new-pass')).status).toBe(200);
  });

  it('the request answers before any account lookup or mail work (same path for known and unknown e-mails)', async () => {
    const user = await createUser(quick.database.db, { role: 'VETERINARIAN' });
    const db = quick.database.db;
    let release: () => void = () => {};
    const lookupHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The same database, whose account lookup waits until released.
    const users = new Proxy(db.user, {
      get(target, prop) {
        if (prop === 'findUnique') {
          return async (args: Parameters<typeof db.user.findUnique>[0]) => {
            await lookupHeld;
            return target.findUnique(args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const heldDb = new Proxy(db, {
      get(target, prop) {
        if (prop === 'user') return users;
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    let queued = 0;
    const auth = createAuthService({
      db: heldDb,
      logger: pino({ level: 'silent' }),
      events: {} as never, // a reset request publishes nothing
      afterMailQueued: () => queued++,
    });
    const answered = await Promise.race([
      auth.requestPasswordReset({ email: user.email }).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for the lookup'), 2000)),
    ]);
    expect(answered).toBe('answered');
    expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    release();
    await auth.settled();
    // Then the link is made with its mail job, in one transaction.
    const [reset] = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(reset).toBeDefined();
    expect(await db.job.count({ where: { key: `${RESET_MAIL_TASK}:${reset?.id}` } })).toBe(1);
    expect(queued).toBe(1);
  });
});

describe('registration does not say which of username and e-mail exists', () => {
  it('both clashes get the spec generic words, over REST and GraphQL', async () => {
    const existing = await createUser(quick.database.db, { role: 'VETERINARIAN' });
    const payload = {
      username: `fresh_${Date.now()}`,
      password: 'secret123',
      email: `fresh_${Date.now()}@clinic.example`,
      name: 'Dr. New',
      role: 'VETERINARIAN',
      clinicName: 'Clinic',
      clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
    };
    const client = new TestClient(quick.url);
    const sameEmail = await client.post('/api/auth/register', { ...payload, email: existing.email });
    const sameName = await client.post('/api/auth/register', { ...payload, username: existing.username });
    expect([sameEmail.status, sameName.status]).toEqual([409, 409]);
    expect(sameEmail.body.message).toBe(REGISTRATION_CLASH);
    expect(sameName.body.message).toBe(REGISTRATION_CLASH);
    const graphql = await client.gql('mutation ($input: RegisterInput!) { register(input: $input) { signedIn } }', {
      input: { ...payload, email: existing.email },
    });
    expect(graphql.errors?.[0]?.message).toBe(REGISTRATION_CLASH);
  });
});
