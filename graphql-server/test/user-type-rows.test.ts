import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '../src/context';
import { schema } from '../src/graphql/schema';

// The User type reads the row a service hands it (login, register, users, updateProfile...): its fields
// are plain reads of that row. In Pothos' select mode (tried for issue 17) such a row, not loaded by a
// planned query, was loaded again from the database before its fields answered: one more statement for
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
  profilePhotoKey: null,
  email: 'admin@example.com',
  onboardingCompleted: true,
  stripeCustomerId: null,
  stripeCustomerSynced: false,
};

describe('a user row handed over by a service', () => {
  it('answers its fields without a database read', async () => {
    const reads: string[] = [];
    const db = new Proxy(
      {},
      { get: (_db, model) => new Proxy({}, { get: (_m, op) => () => reads.push(`${String(model)}.${String(op)}`) }) },
    );
    const context = {
      actor: { id: 1, role: 'ADMIN', approved: true, specialty: null, sessionId: null },
      db,
      services: { admin: { users: async () => [user] } },
    } as unknown as Context;
    const result = await execute({
      schema,
      document: parse('{ users { id username name role clinicName timezone email } }'),
      contextValue: context,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.users).toEqual([
      {
        id: 1,
        username: 'admin',
        name: 'Ada Admin',
        role: 'ADMIN',
        clinicName: null,
        timezone: 'America/Toronto',
        email: 'admin@example.com',
      },
    ]);
    expect(reads).toEqual([]);
  });
});
