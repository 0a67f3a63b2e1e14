import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/domain/auth/password';
import type { Prisma, User } from '../../src/generated/prisma/client';
import type { Db } from '../../src/lib/db/client';
import { TestClient } from './client';

export const TEST_PASSWORD = 'test-pass-123';
let passwordHash: Promise<string> | undefined;

/** A user with unique username and e-mail, so tests sharing one database never collide. */
export async function createUser(
  db: Db,
  data: Partial<Prisma.UserCreateInput> & { role: User['role'] },
): Promise<User> {
  const tag = randomUUID().slice(0, 8);
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return db.user.create({
    data: {
      username: `user_${tag}`,
      email: `user_${tag}@example.com`,
      name: `Test ${data.role.toLowerCase()} ${tag}`,
      passwordHash: await passwordHash,
      approved: data.role !== 'SPECIALIST',
      ...(data.role === 'VETERINARIAN'
        ? { clinicName: 'Test Clinic', clinicAddress: '1 Test St, Toronto, ON M5V 3A8' }
        : {}),
      ...(data.role === 'SPECIALIST' ? { specialty: 'Cardiology' } : {}),
      ...data,
    },
  });
}

/** A specialist (approved unless said otherwise) available every hour of every day, or never. */
export async function createSpecialist(
  db: Db,
  options: { availableNow: boolean; specialty?: string; approved?: boolean },
): Promise<User> {
  const { availableNow, specialty = 'Cardiology', approved = true } = options;
  const user = await createUser(db, { role: 'SPECIALIST', approved, specialty });
  if (availableNow) {
    await db.availability.createMany({
      data: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        specialistId: user.id,
        dayOfWeek,
        startTime: '00:00',
        endTime: '23:59',
      })),
    });
  }
  return user;
}

/** A client already signed in as the given user (through the real login path). */
export async function signedInClient(baseUrl: string, user: User): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const response = await client.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}

/**
 * Pays a case through the built-in test provider, as the form's payment step does (the intent, then the
 * test card); returns the intent's amounts.
 */
export async function payWithTestCard(
  client: TestClient,
  caseUuid: string,
): Promise<{ paymentIntentId: string; originalAmount: number; totalAmount: number }> {
  const intent = await client.post('/api/payment/create-payment-intent', { type: 'consultation', caseId: caseUuid });
  if (intent.status !== 200) throw new Error(`payment intent refused: ${intent.status} ${JSON.stringify(intent.body)}`);
  const paid = await client.post('/api/payment/test-provider/confirm', {
    paymentIntentId: intent.body.paymentIntentId,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`test card refused: ${paid.status} ${JSON.stringify(paid.body)}`);
  return intent.body;
}
