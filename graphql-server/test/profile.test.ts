import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// SPEC §2 /profile and /settings: profile fields, clinic address, the photo, notification preferences
// and onboarding.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const MB = 1024 * 1024;

// Smallest real files of each kind: what file-type recognises by their first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function profileForm(fields: Record<string, string>, photo?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photo) form.append('profilePhoto', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return form;
}

async function vetAndClient() {
  const user = await createUser(db(), { role: 'VETERINARIAN' });
  return { user, client: await signedInClient(server.url, user) };
}

describe('profile fields', () => {
  it('updates name, email, timezone, clinic name and address over multipart, and the session sees it', async () => {
    const { user, client } = await vetAndClient();
    const email = `new_${user.username}@clinic.example`;
    const response = await client.put(
      '/api/profile',
      profileForm({
        name: 'Dr. Renamed',
        email: email.toUpperCase(),
        timezone: 'America/Vancouver',
        clinicName: 'Harbour Vet',
        clinicAddress: '350 Fifth Ave, New York, NY 10118',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.id,
      name: 'Dr. Renamed',
      email,
      timezone: 'America/Vancouver',
      clinicName: 'Harbour Vet',
      clinicAddress: '350 Fifth Ave, New York, NY 10118',
    });
    expect((await client.get('/api/auth/check')).body).toMatchObject({ name: 'Dr. Renamed', email });
  });

  it('answers with the spec messages for name, email and clinic address', async () => {
    const { user, client } = await vetAndClient();
    const noName = await client.put('/api/profile', profileForm({ name: '  ', email: user.email }));
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Name is required');
    const badEmail = await client.put('/api/profile', profileForm({ name: 'Dr. A', email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Invalid email address');
    const badAddress = await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. A', email: user.email, clinicAddress: 'Somewhere nice' }),
    );
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toMatch(/^Please enter a valid address format\. Examples: /);
    // A US ZIP with a Canadian province code is not an address.
    const mixed = await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. A', email: user.email, clinicAddress: '1 Main St, Toronto, ON 10001' }),
    );
    expect(mixed.status).toBe(400);
    const badZone = await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. A', email: user.email, timezone: 'Mars/Base' }),
    );
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toBe('Please select a valid time zone');
    const unchanged = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(unchanged.name).toBe(user.name);
    expect(unchanged.clinicAddress).toBe(user.clinicAddress);
  });

  it('refuses an e-mail address already used by another account', async () => {
    const { user, client } = await vetAndClient();
    const other = await createUser(db(), { role: 'SPECIALIST' });
    const response = await client.put('/api/profile', { name: user.name, email: other.email });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this email already exists');
    // Keeping one's own address is fine.
    expect((await client.put('/api/profile', { name: user.name, email: user.email })).status).toBe(200);
  });

  it('leaves clinic fields alone when absent, clears them when empty', async () => {
    const { user, client } = await vetAndClient();
    await client.put('/api/profile', { name: 'Dr. Keep', email: user.email });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ clinicName: 'Test Clinic' });
    await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. Keep', email: user.email, clinicName: '', clinicAddress: '' }),
    );
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      clinicName: null,
      clinicAddress: null,
    });
  });

  it('only veterinarians may set clinic name and address', async () => {
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const client = await signedInClient(server.url, specialist);
    const response = await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. Spec', email: specialist.email, clinicName: 'My Clinic' }),
    );
    expect(response.status).toBe(403);
    // Their own fields still update, and empty clinic fields are not a clinic change.
    const ok = await client.put(
      '/api/profile',
      profileForm({ name: 'Dr. Spec', email: specialist.email, clinicName: '', timezone: 'Europe/Paris' }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Dr. Spec', timezone: 'Europe/Paris', clinicName: null });
  });

  it('works over GraphQL with the same messages; needs a session', async () => {
    const { user, client } = await vetAndClient();
    const UPDATE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { id name email timezone } }`;
    const ok = await client.gql(UPDATE, { input: { name: 'Dr. Graph', email: user.email, timezone: 'Asia/Tokyo' } });
    expect(ok.data.updateProfile).toMatchObject({ name: 'Dr. Graph', timezone: 'Asia/Tokyo' });
    const bad = await client.gql(UPDATE, { input: { name: '', email: user.email } });
    expect(bad.errors?.[0]?.message).toBe('Name is required');
    const anonymous = await new TestClient(server.url).gql(UPDATE, { input: { name: 'X', email: user.email } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await new TestClient(server.url).put('/api/profile', { name: 'X', email: user.email })).status).toBe(401);
  });
});

describe('profile photo', () => {
  it('accepts jpeg, png, gif and webp by content, serves it at profilePhotoUrl and replaces the old one', async () => {
    const { user, client } = await vetAndClient();
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
    ] as const) {
      const response = await client.put(
        '/api/profile',
        profileForm({ name: user.name, email: user.email }, { bytes, name: 'profile-photo.jpg', type: 'image/jpeg' }),
      );
      expect(response.status, type).toBe(200);
      expect(response.body.profilePhotoUrl).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=\\d+$`));
      const photo = await client.request('GET', response.body.profilePhotoUrl);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe(type);
    }
    // Only the latest photo is kept in storage.
    const { profilePhotoKey } = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(profilePhotoKey).toMatch(/\.webp$/);

    // Other signed-in users can see it (it shows beside names); anonymous callers cannot.
    const other = await signedInClient(server.url, await createUser(db(), { role: 'SPECIALIST' }));
    const raw = await fetch(`${server.url}/api/users/${user.id}/photo`, { headers: { cookie: other.cookieHeader } });
    expect(raw.status).toBe(200);
    expect(Buffer.from(await raw.arrayBuffer()).equals(WEBP)).toBe(true);
    expect((await new TestClient(server.url).get(`/api/users/${user.id}/photo`)).status).toBe(401);
  });

  it('rejects a file that is not an image with the spec message, whatever its name and declared type', async () => {
    const { user, client } = await vetAndClient();
    for (const bytes of [PDF, Buffer.from('just some text, not an image at all')]) {
      const response = await client.put(
        '/api/profile',
        profileForm({ name: 'Dr. Changed', email: user.email }, { bytes, name: 'photo.png', type: 'image/png' }),
      );
      expect(response.status).toBe(415);
      expect(response.body.message).toBe('Invalid file type. Please select a valid image file.');
    }
    // Nothing else changed either.
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: user.name,
      profilePhotoKey: null,
    });
  });

  it('rejects an image over 10 MB with the spec message; exactly 10 MB is accepted', async () => {
    const { user, client } = await vetAndClient();
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(10 * MB + 1 - PNG.length)]);
    const response = await client.put(
      '/api/profile',
      profileForm({ name: user.name, email: user.email }, { bytes: tooLarge, name: 'big.png', type: 'image/png' }),
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('File is too large. Please select an image under 10MB.');
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).profilePhotoKey).toBeNull();

    const justRight = Buffer.concat([PNG, Buffer.alloc(10 * MB - PNG.length)]);
    const ok = await client.put(
      '/api/profile',
      profileForm({ name: user.name, email: user.email }, { bytes: justRight, name: 'ok.png', type: 'image/png' }),
    );
    expect(ok.status).toBe(200);
  });

  it('accepts one photo only', async () => {
    const { user, client } = await vetAndClient();
    const form = profileForm({ name: user.name, email: user.email });
    form.append('profilePhoto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('profilePhoto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    const response = await client.put('/api/profile', form);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Too many files');
  });

  it('DELETE /api/profile/photo removes it', async () => {
    const { user, client } = await vetAndClient();
    const uploaded = await client.put(
      '/api/profile',
      profileForm({ name: user.name, email: user.email }, { bytes: PNG, name: 'p.png', type: 'image/png' }),
    );
    const url = uploaded.body.profilePhotoUrl;
    const removed = await client.delete('/api/profile/photo');
    expect(removed.status).toBe(200);
    expect(removed.body.profilePhotoUrl).toBeNull();
    expect((await client.request('GET', url)).status).toBe(404);
    const gql = await client.gql('mutation { deleteProfilePhoto { profilePhotoUrl } }');
    expect(gql.data.deleteProfilePhoto.profilePhotoUrl).toBeNull();
  });
});

describe('notification preferences and onboarding', () => {
  it('are all on by default, change one at a time, over REST and GraphQL', async () => {
    const { client } = await vetAndClient();
    expect((await client.get('/api/profile/notifications')).body).toEqual({
      notifyNewCases: true,
      notifyStatusUpdates: true,
      notifyReminders: true,
    });
    const changed = await client.put('/api/profile/notifications', { notifyReminders: false });
    expect(changed.body).toEqual({ notifyNewCases: true, notifyStatusUpdates: true, notifyReminders: false });
    const invalid = await client.put('/api/profile/notifications', { notifyNewCases: 'yes' });
    expect(invalid.status).toBe(400);
    const gql = await client.gql(
      'mutation { updateNotificationPreferences(input: { notifyNewCases: false }) { notifyNewCases notifyReminders } }',
    );
    expect(gql.data.updateNotificationPreferences).toEqual({ notifyNewCases: false, notifyReminders: false });
    expect(
      (await client.gql('{ notificationPreferences { notifyStatusUpdates } }')).data.notificationPreferences,
    ).toEqual({
      notifyStatusUpdates: true,
    });
    expect((await new TestClient(server.url).get('/api/profile/notifications')).status).toBe(401);
  });

  it('completing onboarding is remembered', async () => {
    const { client } = await vetAndClient();
    expect((await client.get('/api/auth/check')).body.onboardingCompleted).toBe(false);
    expect((await client.post('/api/profile/onboarding-complete')).status).toBe(200);
    expect((await client.get('/api/auth/check')).body.onboardingCompleted).toBe(true);
    const gql = await client.gql('mutation { completeOnboarding { onboardingCompleted } }');
    expect(gql.data.completeOnboarding.onboardingCompleted).toBe(true);
  });
});
