import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_CLASH } from '../src/domain/auth/auth.service';
import { RESET_MAIL_TASK } from '../src/domain/notifications/account-mails';
import { TestClient } from './helpers/client';
import { fileDatabase, type TestDatabase } from './helpers/database';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let database: TestDatabase; // this file runs the queue: its own jobs only (helpers/database.ts)
let server: TestServer;
beforeAll(async () => {
  database = await fileDatabase();
  server = await startTestServer({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const unique = () => randomUUID().slice(0, 8);
const vetPayload = (tag = unique()) => ({
  username: `vet_${tag}`,
  password: 'secret123',
  email: `vet_${tag}@clinic.example`,
  name: 'Dr. Test Vet',
  role: 'VETERINARIAN',
  clinicName: 'Test Clinic',
  clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
});

const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { signedIn user { id role approved } } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { id role } }`;
const LOGIN_PRIVATE = `mutation ($input: LoginInput!) { login(input: $input) { id email onboardingCompleted } }`;

describe('registration, login, session check, logout (REST)', () => {
  it('a veterinarian registers, is signed in, checks the session and logs out', async () => {
    const client = new TestClient(server.url);
    const registered = await client.post('/api/auth/register', vetPayload());
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ role: 'VETERINARIAN', approved: true });
    expect(registered.body.passwordHash).toBeUndefined();
    const cookie = registered.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age/i); // browser-session cookie without "Remember me"

    const check = await client.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body.role).toBe('VETERINARIAN');
    const me = await client.gql('{ me { id role email } }');
    expect(me.data.me).toMatchObject({ id: registered.body.id, role: 'VETERINARIAN' });

    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });

  it('a specialist registers unapproved and gets no session', async () => {
    const client = new TestClient(server.url);
    const tag = unique();
    const response = await client.post('/api/auth/register', {
      username: `spec_${tag}`,
      password: 'secret123',
      email: `spec_${tag}@example.com`,
      name: 'Dr. Spec',
      role: 'SPECIALIST',
      specialty: 'Cardiology',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ role: 'SPECIALIST', approved: false });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });

  it('logs in by username and by e-mail; Remember me gives a 30-day cookie', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const byName = new TestClient(server.url);
    expect((await byName.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const byEmail = new TestClient(server.url);
    const response = await byEmail.post('/api/auth/login', {
      username: user.email.toUpperCase(),
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
    expect((await byEmail.get('/api/auth/check')).body.id).toBe(user.id);
  });

  it('a wrong password is a 401 with a message, an unknown user too', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = new TestClient(server.url);
    const wrong = await client.post('/api/auth/login', { username: user.username, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid credentials');
    const unknown = await client.post('/api/auth/login', { username: 'nobody_here', password: 'nope-nope' });
    expect(unknown.status).toBe(401);
  });

  // Repeated failures slow an account down rather than lock it: see auth-abuse.test.ts.

  it('duplicate username or e-mail is a 409 with a message; nothing is created', async () => {
    const client = new TestClient(server.url);
    const payload = vetPayload();
    expect((await client.post('/api/auth/register', payload)).status).toBe(201);
    const sameName = await new TestClient(server.url).post('/api/auth/register', {
      ...payload,
      email: `x${payload.email}`,
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(REGISTRATION_CLASH);
    const sameEmail = await new TestClient(server.url).post('/api/auth/register', {
      ...payload,
      username: `${payload.username}x`,
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(REGISTRATION_CLASH); // the same words: which one exists is not said
  });

  it('malformed JSON is a 400, never a 500', async () => {
    const client = new TestClient(server.url);
    const response = await client.request('POST', '/api/auth/login', '{"username": ');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Malformed JSON body');
  });
});

// Every validation message of SPEC §5 for registration, login and reset, through both doors.
const registrationCases: Array<[string, Record<string, unknown>, string]> = [
  ['short username', { username: 'ab' }, 'Username must be at least 3 characters'],
  ['short password', { password: '12345' }, 'Password must be at least 6 characters'],
  ['bad email', { email: 'not-an-email' }, 'Invalid email address'],
  ['empty name', { name: '' }, 'Name is required'],
  [
    'specialist without specialty',
    { role: 'SPECIALIST', clinicName: null, clinicAddress: null },
    'Specialty is required for specialist accounts',
  ],
  ['vet without clinic name', { clinicName: '' }, 'Clinic name and address are required for veterinarian accounts'],
  ['vet without clinic address', { clinicAddress: '' }, 'Clinic address is required for veterinarian accounts'],
  ['vet with bad address', { clinicAddress: 'somewhere' }, 'Please enter a valid address format.'],
  [
    'US ZIP with a Canadian province',
    { clinicAddress: '1 Main St, Springfield, ON 12345' },
    'Please enter a valid address format.',
  ],
];

describe('registration validation (REST and GraphQL)', () => {
  it.each(registrationCases)('%s', async (_name, change, message) => {
    const input = { ...vetPayload(), ...change };
    const rest = await new TestClient(server.url).post('/api/auth/register', input);
    expect(rest.status).toBe(400);
    expect(rest.body.message.startsWith(message)).toBe(true);
    expect(rest.body.errors.some((e: { message: string }) => e.message.startsWith(message))).toBe(true);

    const gql = await new TestClient(server.url).gql(REGISTER, { input });
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(gql.errors?.[0]?.message.startsWith(message)).toBe(true);
  });

  it('a role other than VETERINARIAN or SPECIALIST cannot be registered', async () => {
    const rest = await new TestClient(server.url).post('/api/auth/register', { ...vetPayload(), role: 'ADMIN' });
    expect(rest.status).toBe(400);
    const gql = await new TestClient(server.url).gql(REGISTER, { input: { ...vetPayload(), role: 'ADMIN' } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('login validation and GraphQL sign-in', () => {
  it.each([
    ['missing username', { password: 'x' }, 'Username is required'],
    ['empty username', { username: '  ', password: 'x' }, 'Username is required'],
    ['missing password', { username: 'someone' }, 'Password is required'],
  ])('%s', async (_name, input, message) => {
    const rest = await new TestClient(server.url).post('/api/auth/login', input);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(message);
    const gql = await new TestClient(server.url).gql(LOGIN, { input: { username: '', password: '', ...input } });
    expect(gql.errors?.[0]?.message).toBe(message);
  });

  it('GraphQL login sets the session cookie; logout ends it', async () => {
    const user = await createUser(server.database.db, { role: 'SPECIALIST' });
    const client = new TestClient(server.url);
    const login = await client.gql(LOGIN, { input: { username: user.username, password: TEST_PASSWORD } });
    expect(login.data.login).toEqual({ id: user.id, role: 'SPECIALIST' });
    expect((await client.gql('{ me { id } }')).data.me.id).toBe(user.id);
    await client.gql('mutation { logout }');
    expect((await client.gql('{ me { id } }')).data.me).toBeNull();
  });

  it('GraphQL login can return the private fields of the user it signs in', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const result = await new TestClient(server.url).gql(LOGIN_PRIVATE, {
      input: { username: user.username, password: TEST_PASSWORD },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.login).toEqual({ id: user.id, email: user.email, onboardingCompleted: false });
  });

  it('GraphQL registration of a specialist reports signedIn false', async () => {
    const tag = unique();
    const result = await new TestClient(server.url).gql(REGISTER, {
      input: {
        username: `s_${tag}`,
        password: 'secret123',
        email: `s_${tag}@x.example`,
        name: 'Dr S',
        role: 'SPECIALIST',
        specialty: 'Surgery',
      },
    });
    expect(result.data.register).toMatchObject({ signedIn: false, user: { role: 'SPECIALIST', approved: false } });
  });
});

/** The link is made off the request path; its mail is a job, run here (the test servers run no queue). */
async function sendResetMails(on: TestServer = server) {
  await on.services.auth.settled();
  await on.services.jobs.runDue(undefined, [RESET_MAIL_TASK]);
}

async function latestResetLink(outboxDir: string, email: string): Promise<string> {
  await sendResetMails();
  const safeTo = email.replace(/[^a-z0-9@._-]/gi, '_');
  const files = (await readdir(outboxDir)).filter((file) => file.endsWith(`-${safeTo}.eml`)).sort();
  // Undo quoted-printable soft line breaks, which may split the long link.
  const eml = (await readFile(join(outboxDir, files.at(-1) ?? ''), 'utf8')).replace(/=\r?\n/g, '');
  const match = eml.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('password reset', () => {
  it('request -> e-mailed link -> validate -> reset -> old sessions end; the link works once', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const other = new TestClient(server.url);
    await other.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });

    const client = new TestClient(server.url);
    expect((await client.post('/api/password-reset-request', { email: user.email })).status).toBe(200);
    const token = await latestResetLink(join(server.dataDir, 'outbox'), user.email);
    expect((await client.get(`/api/validate-reset-token/${token}`)).status).toBe(200);

    const reset = await client.post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(reset.status).toBe(200);
    expect((await other.get('/api/auth/check')).status).toBe(401);
    expect((await client.post('/api/auth/login', { username: user.username, password: 'brand-new-pass' })).status).toBe(
      200,
    );

    const again = await client.post('/api/auth/reset-password', {
      token,
      password: 'another-pass',
      confirmPassword: 'another-pass',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This password reset link is invalid or has expired.');
    const validate = await client.get(`/api/validate-reset-token/${token}`);
    expect(validate.status).toBe(400);
    expect(validate.body.message).toBe('This password reset link is invalid or has expired.');
  });

  it('an expired link is refused with the spec message (REST and GraphQL)', async () => {
    const user = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const client = new TestClient(server.url);
    await client.post('/api/password-reset-request', { email: user.email });
    const token = await latestResetLink(join(server.dataDir, 'outbox'), user.email);
    await server.database.db.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const rest = await client.post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(rest.body.message).toBe('This password reset link is invalid or has expired.');
    const valid = await client.gql('query ($t: String!) { resetTokenValid(token: $t) }', { t: token });
    expect(valid.data.resetTokenValid).toBe(false);
    const gql = await client.gql('mutation ($i: ResetPasswordInput!) { resetPassword(input: $i) }', {
      i: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(gql.errors?.[0]?.message).toBe('This password reset link is invalid or has expired.');
  });

  it.each([
    ['bad email', '/api/password-reset-request', { email: 'nope' }, 'Please enter a valid email address'],
    [
      'short password',
      '/api/auth/reset-password',
      { token: 'x', password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      'mismatch',
      '/api/auth/reset-password',
      { token: 'x', password: 'longenough1', confirmPassword: 'longenough2' },
      "Passwords don't match",
    ],
  ])('validation: %s', async (_name, path, body, message) => {
    const response = await new TestClient(server.url).post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('GraphQL reset-request validation uses the same message', async () => {
    const result = await new TestClient(server.url).gql('mutation { requestPasswordReset(email: "nope") }');
    expect(result.errors?.[0]?.message).toBe('Please enter a valid email address');
  });

  it('an unknown e-mail gets the same answer and no mail', async () => {
    const before = await readdir(join(server.dataDir, 'outbox')).catch(() => []);
    const response = await new TestClient(server.url).post('/api/password-reset-request', {
      email: 'nobody@nowhere.example',
    });
    expect(response.status).toBe(200);
    await sendResetMails();
    expect(await readdir(join(server.dataDir, 'outbox')).catch(() => [])).toEqual(before);
  });
});

describe('mail over SMTP', () => {
  it('the reset e-mail reaches a real SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const mailServer = await startTestServer({
      databaseUrl: database.url,
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'test@vetconsult.local', outboxDir: '/nonexistent' },
    });
    try {
      const user = await createUser(mailServer.database.db, { role: 'VETERINARIAN' });
      await new TestClient(mailServer.url).post('/api/password-reset-request', { email: user.email });
      await sendResetMails(mailServer);
      const mine = received.filter((raw) => raw.includes(user.email));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.replace(/=\r?\n/g, '')).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
    } finally {
      await mailServer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
