import { ROUTING_MESSAGES } from '@vetconsult/schema/turnaround';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '../src/generated/prisma/client';
import { type DomainErrorCode, HTTP_STATUS } from '../src/lib/errors';
import { createCase } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// One rule, one answer, whichever door is used: the same call refused over REST and over GraphQL gets
// the same message, and REST's status is the status of GraphQL's extensions.code (lib/errors.ts).
// The domain owns the rule and its words; neither door adds a check of its own that answers first.

let server: TestServer;
let vet: User;
let specialist: User;
let kase: Case;
let clients: Record<'vet' | 'specialist' | 'anonymous', TestClient>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  vet = await createUser(db, { role: 'VETERINARIAN' });
  specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'pending' });
  clients = {
    vet: await signedInClient(server.url, vet),
    specialist: await signedInClient(server.url, specialist),
    anonymous: new TestClient(server.url),
  };
});
afterAll(() => server.close());

interface Door {
  rest: (client: TestClient) => Promise<{ status: number; body: { message?: string; code?: string } }>;
  gql: { query: string; variables: () => Record<string, unknown> };
}

/** A well-formed browser push subscription (the anonymous caller is refused before it is read). */
const pushSubscription = {
  endpoint: 'https://push.example.com/send/doors',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** The same use case through each door. */
const DOORS = {
  acceptCase: {
    rest: (client) => client.post(`/api/cases/${kase.uuid}/accept`),
    gql: {
      query: 'mutation ($uuid: String!) { acceptCase(uuid: $uuid) { status } }',
      variables: () => ({ uuid: kase.uuid }),
    },
  },
  declineCase: {
    rest: (client) => client.post(`/api/cases/${kase.uuid}/decline`, { reason: 'Fully booked' }),
    gql: {
      query: 'mutation ($uuid: String!) { declineCase(uuid: $uuid, reason: "Fully booked") { status } }',
      variables: () => ({ uuid: kase.uuid }),
    },
  },
  reassignCase: {
    rest: (client) => client.post(`/api/cases/${kase.uuid}/reassign`, { firstAvailable: true }),
    gql: {
      query: 'mutation ($uuid: String!) { reassignCase(uuid: $uuid, firstAvailable: true) { status } }',
      variables: () => ({ uuid: kase.uuid }),
    },
  },
  createPaymentIntent: {
    rest: (client) => client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: kase.uuid }),
    gql: {
      query: 'mutation ($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { paymentIntentId } }',
      variables: () => ({ input: { type: 'consultation', caseId: kase.uuid } }),
    },
  },
  applyCoupon: {
    rest: (client) => client.post('/api/payment/apply-coupon', { couponCode: 'WELCOME10' }),
    gql: {
      query: 'mutation ($input: ApplyCouponInput!) { applyCoupon(input: $input) { couponCode } }',
      variables: () => ({ input: { couponCode: 'WELCOME10' } }),
    },
  },
  confirmPayment: {
    rest: (client) => client.post('/api/payment/confirm-payment', { paymentIntentId: 'pi_missing' }),
    gql: {
      query: 'mutation ($id: String!) { confirmPayment(paymentIntentId: $id) { success } }',
      variables: () => ({ id: 'pi_missing' }),
    },
  },
  operationsReport: {
    rest: (client) => client.get('/api/admin/operations?month=2026-03'),
    gql: {
      query: 'query ($input: OperationsReportInput) { operationsReport(input: $input) { overdueNow } }',
      variables: () => ({ input: { month: '2026-03' } }),
    },
  },
  adminUsers: {
    rest: (client) => client.get('/api/admin/users'),
    gql: { query: '{ users { id } }', variables: () => ({}) },
  },
  approveSpecialist: {
    rest: (client) => client.post('/api/admin/approve-specialist', { specialistId: specialist.id }),
    gql: {
      query: 'mutation ($id: Int!) { approveSpecialist(specialistId: $id) { id } }',
      variables: () => ({ id: specialist.id }),
    },
  },
  addAvailability: {
    rest: (client) => client.post('/api/availability', { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }),
    gql: {
      query: 'mutation ($input: AvailabilitySlotInput!) { addAvailabilitySlot(input: $input) { id } }',
      variables: () => ({ input: { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' } }),
    },
  },
  myQuestions: {
    rest: (client) => client.get('/api/specialist-questions/mine'),
    gql: { query: '{ mySpecialistQuestions { id } }', variables: () => ({}) },
  },
  drafts: {
    rest: (client) => client.get('/api/consults/drafts'),
    gql: { query: '{ drafts { id } }', variables: () => ({}) },
  },
  createDraft: {
    rest: (client) => client.post('/api/consults/drafts', { patientName: 'Luna' }),
    gql: {
      query: 'mutation ($input: ConsultInput!) { saveDraft(input: $input) { id } }',
      variables: () => ({ input: { patientName: 'Luna' } }),
    },
  },
  startPayment: {
    rest: (client) => client.post(`/api/consults/drafts/${kase.uuid}/start-payment`),
    gql: {
      query: 'mutation ($uuid: String!) { startPayment(uuid: $uuid) { id } }',
      variables: () => ({ uuid: kase.uuid }),
    },
  },
  completeCase: {
    rest: (client) => client.post(`/api/cases/${kase.uuid}/complete`),
    gql: {
      query: 'mutation ($uuid: String!) { completeCase(uuid: $uuid) { id } }',
      variables: () => ({ uuid: kase.uuid }),
    },
  },
  myAccessTokens: {
    rest: (client) => client.get('/api/profile/tokens'),
    gql: { query: '{ myAccessTokens { id } }', variables: () => ({}) },
  },
  createAccessToken: {
    rest: (client) => client.post('/api/profile/tokens', { name: 'Script', scope: 'read' }),
    gql: {
      query: 'mutation ($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { token } }',
      variables: () => ({ input: { name: 'Script', scope: 'read' } }),
    },
  },
  revokeAccessToken: {
    rest: (client) => client.delete('/api/profile/tokens/1'),
    gql: { query: 'mutation { revokeAccessToken(id: 1) }', variables: () => ({}) },
  },
  adminAccessTokens: {
    rest: (client) => client.get('/api/admin/tokens'),
    gql: { query: '{ accessTokens { id } }', variables: () => ({}) },
  },
  adminRevokeAccessToken: {
    rest: (client) => client.delete('/api/admin/tokens/1'),
    gql: { query: 'mutation { revokeAnyAccessToken(id: 1) }', variables: () => ({}) },
  },
  pushPublicKey: {
    rest: (client) => client.get('/api/profile/push-key'),
    gql: { query: '{ pushPublicKey }', variables: () => ({}) },
  },
  registerPushSubscription: {
    rest: (client) => client.post('/api/profile/push-subscriptions', pushSubscription),
    gql: {
      query: 'mutation ($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }',
      variables: () => ({ input: pushSubscription }),
    },
  },
  unregisterPushSubscription: {
    rest: (client) =>
      client.delete(`/api/profile/push-subscriptions?endpoint=${encodeURIComponent(pushSubscription.endpoint)}`),
    gql: {
      query: 'mutation ($endpoint: String!) { unregisterPushSubscription(endpoint: $endpoint) }',
      variables: () => ({ endpoint: pushSubscription.endpoint }),
    },
  },
} satisfies Record<string, Door>;

async function bothDoors(door: Door, client: TestClient) {
  const rest = await door.rest(client);
  const gql = await client.gql(door.gql.query, door.gql.variables());
  const error = gql.errors?.[0];
  return {
    rest: { status: rest.status, message: rest.body?.message },
    gql: { code: error?.extensions?.code as DomainErrorCode | undefined, message: error?.message },
  };
}

/** Refused through both doors with `expected` (message and code), the same words and matching codes. */
async function expectSameRefusal(door: Door, client: TestClient, expected: { code: DomainErrorCode; message: string }) {
  const { rest, gql } = await bothDoors(door, client);
  expect(gql).toEqual(expected);
  expect(rest).toEqual({ status: HTTP_STATUS[expected.code], message: expected.message });
}

describe('the same rule answers with the same message through REST and GraphQL', () => {
  it('a veterinarian accepting a case', async () => {
    await expectSameRefusal(DOORS.acceptCase, clients.vet, {
      code: 'FORBIDDEN',
      message: 'Only specialists can accept cases',
    });
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe('pending');
  });

  it('a veterinarian declining, and a specialist moving a case (issue 19)', async () => {
    await expectSameRefusal(DOORS.declineCase, clients.vet, {
      code: 'FORBIDDEN',
      message: ROUTING_MESSAGES.onlyAssignedDeclines,
    });
    await expectSameRefusal(DOORS.reassignCase, clients.specialist, {
      code: 'FORBIDDEN',
      message: ROUTING_MESSAGES.onlyOwnVetMoves,
    });
    await expectSameRefusal(DOORS.reassignCase, clients.vet, {
      code: 'CONFLICT',
      message: ROUTING_MESSAGES.moveNotYet,
    });
    const row = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(row).toMatchObject({ status: 'pending', specialistId: specialist.id, routing: 'named' });
  });

  it('a specialist paying', async () => {
    const refusal = { code: 'FORBIDDEN', message: 'Only veterinarians can pay for consultations' } as const;
    await expectSameRefusal(DOORS.createPaymentIntent, clients.specialist, refusal);
    await expectSameRefusal(DOORS.applyCoupon, clients.specialist, refusal);
    await expectSameRefusal(DOORS.confirmPayment, clients.specialist, refusal);
    expect(await server.database.db.payment.count({ where: { caseId: kase.id } })).toBe(0);
  });

  it('a veterinarian on an administrator path', async () => {
    const refusal = { code: 'FORBIDDEN', message: 'Only the administrator can do this' } as const;
    await expectSameRefusal(DOORS.adminUsers, clients.vet, refusal);
    await expectSameRefusal(DOORS.approveSpecialist, clients.vet, refusal);
    await expectSameRefusal(DOORS.adminUsers, clients.specialist, refusal);
    await expectSameRefusal(DOORS.adminAccessTokens, clients.vet, refusal);
    await expectSameRefusal(DOORS.adminRevokeAccessToken, clients.specialist, refusal);
    await expectSameRefusal(DOORS.operationsReport, clients.vet, refusal);
    await expectSameRefusal(DOORS.operationsReport, clients.specialist, refusal);
  });

  it('a veterinarian on a specialist path', async () => {
    const refusal = { code: 'FORBIDDEN', message: 'Only specialists can manage availability and questions' } as const;
    await expectSameRefusal(DOORS.addAvailability, clients.vet, refusal);
    await expectSameRefusal(DOORS.myQuestions, clients.vet, refusal);
  });

  it('the case use cases answer a caller of the wrong role in the words of the domain, through both doors', async () => {
    const pairs: Array<[Door, TestClient]> = [
      [DOORS.drafts, clients.specialist],
      [DOORS.createDraft, clients.specialist],
      [DOORS.startPayment, clients.specialist],
      [DOORS.completeCase, clients.vet],
    ];
    for (const [door, client] of pairs) {
      const { rest, gql } = await bothDoors(door, client);
      expect(gql.code).toBeDefined();
      expect(gql.message).not.toBe('You do not have permission to do this');
      expect(rest).toEqual({ status: HTTP_STATUS[gql.code as DomainErrorCode], message: gql.message });
    }
  });

  it('nobody signed in', async () => {
    for (const [name, door] of Object.entries(DOORS)) {
      const { rest, gql } = await bothDoors(door, clients.anonymous);
      expect({ name, ...gql }).toEqual({ name, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
      expect({ name, ...rest }).toEqual({ name, status: 401, message: 'Not authenticated' });
    }
  });
});
