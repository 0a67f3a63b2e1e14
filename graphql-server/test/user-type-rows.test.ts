import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '../src/context';
import { schema } from '../src/graphql/schema';
import { wholeUsers } from '../src/graphql/types/user';

// The User type is in Pothos' select mode (issue 17): a case's vet and specialist load only id, name and
// clinicName, every other field selects its own column. A user row a service hands over (login, register,
// users, updateProfile...) is a whole row: the field answering with it records its plan (wholeUsers), so
// its fields read it. Without that, Pothos loaded the row again before answering: one more statement for
// every operation that returns a user.

const user = {
  id: 1,
  username: 'admin',
  name: 'Ada Admin',
  role: 'ADMIN',
  specialty: null,
  clinicName: null,
  clinicAddress: null,
  timezone: 'America/Toronto',
  approved: true,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  profilePhotoKey: 'photos/1.jpg',
  email: 'admin@example.com',
  onboardingCompleted: true,
  stripeCustomerId: null,
  stripeCustomerSynced: false,
  passwordHash: 'not-read',
  notifyNewCases: true,
  notifyStatusUpdates: true,
  notifyReminders: true,
};
const fields = 'id username name role clinicName timezone email approved profilePhotoUrl onboardingCompleted';
const answered = {
  id: 1,
  username: 'admin',
  name: 'Ada Admin',
  role: 'ADMIN',
  clinicName: null,
  timezone: 'America/Toronto',
  email: 'admin@example.com',
  approved: true,
  profilePhotoUrl: `/api/users/1/photo?v=${user.updatedAt.getTime()}`,
  onboardingCompleted: true,
};
const signedIn = { user, sessionToken: null, sessionId: null, persistent: false };

/** Runs a document over services that hand `user` back, and a database that records every read. */
async function run(document: string) {
  const reads: string[] = [];
  const db = new Proxy(
    {},
    { get: (_db, model) => new Proxy({}, { get: (_m, op) => () => reads.push(`${String(model)}.${String(op)}`) }) },
  );
  const context = {
    actor: { id: 1, role: 'ADMIN', approved: true, specialty: null, sessionId: null },
    db,
    request: {},
    services: {
      admin: { users: async () => [user], specialists: async () => [user], approve: async () => user },
      auth: { login: async () => signedIn, register: async () => signedIn },
      profile: {
        updateProfile: async () => user,
        deletePhoto: async () => user,
        completeOnboarding: async () => user,
      },
    },
  } as unknown as Context;
  const result = await execute({ schema, document: parse(document), contextValue: context });
  return { result, reads };
}

describe('a user row handed over by a service', () => {
  it.each([
    ['users', `{ users { ${fields} } }`, (data: Record<string, unknown>) => (data.users as unknown[])[0]],
    [
      'pendingSpecialists',
      `{ pendingSpecialists { ${fields} } }`,
      (data: Record<string, unknown>) => (data.pendingSpecialists as unknown[])[0],
    ],
    [
      'login',
      `mutation { login(input: { username: "admin", password: "secret1" }) { ${fields} } }`,
      (data: Record<string, unknown>) => data.login,
    ],
    [
      'register',
      `mutation { register(input: { username: "admin", password: "secret1", email: "a@b.ca", name: "Ada", role: VETERINARIAN, clinicName: "C", clinicAddress: "123 Main St, Toronto, ON M5V 3A8" }) { user { ${fields} } } }`,
      (data: Record<string, unknown>) => (data.register as { user: unknown }).user,
    ],
    [
      'approveSpecialist',
      `mutation { approveSpecialist(specialistId: 1) { ${fields} } }`,
      (data: Record<string, unknown>) => data.approveSpecialist,
    ],
    [
      'updateProfile',
      `mutation { updateProfile(input: { name: "Ada Admin", email: "admin@example.com" }) { ${fields} } }`,
      (data: Record<string, unknown>) => data.updateProfile,
    ],
    [
      'deleteProfilePhoto',
      `mutation { deleteProfilePhoto { ${fields} } }`,
      (data: Record<string, unknown>) => data.deleteProfilePhoto,
    ],
    [
      'completeOnboarding',
      `mutation { completeOnboarding { ${fields} } }`,
      (data: Record<string, unknown>) => data.completeOnboarding,
    ],
  ])('%s answers its fields without a database read', async (_name, document, pick) => {
    const { result, reads } = await run(document);
    expect(result.errors).toBeUndefined();
    expect(pick(result.data as Record<string, unknown>)).toEqual(answered);
    expect(reads).toEqual([]);
  });

  it('is refused as a whole row when the plan would need a relation of User', () => {
    expect(() => wholeUsers({ select: { id: true, casesAsVet: { select: { id: true } } } }, user as never)).toThrow(
      /relation/,
    );
    expect(wholeUsers({ select: { id: true, email: true } }, user as never)).toBe(user);
  });
});
