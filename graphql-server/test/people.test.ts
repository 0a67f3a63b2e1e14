import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAvailableStart } from '../src/domain/people/availability.rules';
import { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Specialist directory, weekly availability and specialist questions through both doors.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const unique = () => randomUUID().slice(0, 8);
const db = () => server.database.db;
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:59' }));

describe('specialist directory', () => {
  it('lists only approved specialists of the specialty, with isAvailable and nextAvailable', async () => {
    // A specialty of its own keeps this test apart from others sharing the database.
    const specialty = `Cardiology ${unique()}`;
    const alwaysOn = await createUser(db(), {
      role: 'SPECIALIST',
      approved: true,
      specialty,
      name: 'A Always',
      timezone: 'America/Vancouver',
      availability: { create: ALL_WEEK },
    });
    const noSlots = await createUser(db(), { role: 'SPECIALIST', approved: true, specialty, name: 'B None' });
    const pending = await createUser(db(), {
      role: 'SPECIALIST',
      approved: false,
      specialty,
      availability: { create: ALL_WEEK },
    });
    await createUser(db(), { role: 'SPECIALIST', approved: true, specialty: `Other ${unique()}` });
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));

    const response = await vet.get(`/api/user/specialists?specialty=${encodeURIComponent(specialty)}`);
    expect(response.status).toBe(200);
    expect(response.body.map((s: { id: number }) => s.id)).toEqual([alwaysOn.id, noSlots.id]);
    expect(response.body.map((s: { id: number }) => s.id)).not.toContain(pending.id);
    const [on, none] = response.body;
    expect(on).toMatchObject({ id: alwaysOn.id, name: 'A Always', specialty, isAvailable: true });
    expect(typeof on.nextAvailable).toBe('string');
    expect(none).toMatchObject({ id: noSlots.id, isAvailable: false, nextAvailable: null, nextAvailableAt: null });

    const gql = await vet.gql(
      `query ($specialty: String) { specialists(specialty: $specialty) { id name isAvailable nextAvailable nextAvailableAt } }`,
      { specialty },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.specialists.map((s: { id: number }) => s.id)).toEqual([alwaysOn.id, noSlots.id]);
  });

  it('evaluates nextAvailable in the specialist time zone', async () => {
    const specialty = `Neurology ${unique()}`;
    // One slot on the weekday after today in Tokyo: never available right now, next start is tomorrow.
    const tokyoWeekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'short' }).format(
      new Date(),
    );
    const tomorrow = (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(tokyoWeekday) + 1) % 7;
    const slots = [{ dayOfWeek: tomorrow, startTime: '10:00', endTime: '11:00' }];
    await createUser(db(), {
      role: 'SPECIALIST',
      approved: true,
      specialty,
      timezone: 'Asia/Tokyo',
      availability: { create: slots },
    });
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const before = new Date();
    const response = await vet.get(`/api/user/specialists?specialty=${encodeURIComponent(specialty)}`);
    const expected = nextAvailableStart(slots, 'Asia/Tokyo', before);
    expect(response.body[0]).toMatchObject({
      isAvailable: false,
      nextAvailable: expected?.display,
      nextAvailableAt: expected?.at,
    });
    expect(expected?.display).toMatch(/10:00 AM GMT\+9/);
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/user/specialists?specialty=Cardiology')).status).toBe(401);
    const gql = await anonymous.gql('{ specialists { id } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('availability (REST)', () => {
  it('a specialist adds, lists and deletes own slots; the list is sorted', async () => {
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const client = await signedInClient(server.url, specialist);
    const late = await client.post('/api/availability', {
      specialistId: specialist.id,
      dayOfWeek: 1,
      startTime: '13:00',
      endTime: '17:00',
    });
    expect(late.status).toBe(201);
    expect(late.body).toEqual({ id: expect.any(Number), dayOfWeek: 1, startTime: '13:00', endTime: '17:00' });
    const early = await client.post('/api/availability', { dayOfWeek: 1, startTime: '09:00', endTime: '13:00' });
    expect(early.status).toBe(201); // touching slots do not overlap

    const list = await client.get(`/api/availability/${specialist.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { startTime: string }) => s.startTime)).toEqual(['09:00', '13:00']);

    expect((await client.delete(`/api/availability/${late.body.id}`)).status).toBe(200);
    const after = await client.get(`/api/availability/${specialist.id}`);
    expect(after.body.map((s: { id: number }) => s.id)).toEqual([early.body.id]);
    expect((await client.delete(`/api/availability/${late.body.id}`)).status).toBe(404);
  });

  it('rejects an end before the start and overlapping slots with the spec messages', async () => {
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const client = await signedInClient(server.url, specialist);
    const backwards = await client.post('/api/availability', { dayOfWeek: 2, startTime: '17:00', endTime: '09:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('End time must be after start time');

    expect(
      (await client.post('/api/availability', { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' })).status,
    ).toBe(201);
    for (const [startTime, endTime] of [
      ['10:00', '13:00'], // starts inside
      ['08:00', '10:00'], // ends inside
      ['08:00', '13:00'], // encloses
    ]) {
      const clash = await client.post('/api/availability', { dayOfWeek: 2, startTime, endTime });
      expect(clash.status).toBe(400);
      expect(clash.body.message).toBe('This time slot overlaps with an existing availability');
    }
    // The same times on another day are fine.
    expect(
      (await client.post('/api/availability', { dayOfWeek: 3, startTime: '10:00', endTime: '13:00' })).status,
    ).toBe(201);
  });

  it('rejects days outside 0-6 and malformed times', async () => {
    const client = await signedInClient(server.url, await createUser(db(), { role: 'SPECIALIST', approved: true }));
    const badDay = await client.post('/api/availability', { dayOfWeek: 7, startTime: '09:00', endTime: '10:00' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toBe('Day of week must be between 0 (Sunday) and 6 (Saturday)');
    const badTime = await client.post('/api/availability', { dayOfWeek: 1, startTime: '9am', endTime: '10:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe('Start time must be in HH:MM 24-hour format');
  });

  it('only the owning specialist changes or reads availability', async () => {
    const owner = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const other = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const ownerClient = await signedInClient(server.url, owner);
    const otherClient = await signedInClient(server.url, other);
    const vetClient = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const slot = await ownerClient.post('/api/availability', { dayOfWeek: 4, startTime: '09:00', endTime: '10:00' });

    // A payload naming someone else is refused, even though the body is otherwise valid.
    const forged = await otherClient.post('/api/availability', {
      specialistId: owner.id,
      dayOfWeek: 5,
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(forged.status).toBe(403);
    expect((await otherClient.delete(`/api/availability/${slot.body.id}`)).status).toBe(403);
    expect((await otherClient.get(`/api/availability/${owner.id}`)).status).toBe(403);
    expect(
      (await vetClient.post('/api/availability', { dayOfWeek: 5, startTime: '09:00', endTime: '10:00' })).status,
    ).toBe(403);
    expect((await new TestClient(server.url).get(`/api/availability/${owner.id}`)).status).toBe(401);
    expect((await ownerClient.get(`/api/availability/${owner.id}`)).body).toHaveLength(1);
  });
});

describe('availability (GraphQL)', () => {
  const ADD = `mutation ($input: AvailabilitySlotInput!) { addAvailabilitySlot(input: $input) { id dayOfWeek startTime endTime } }`;

  it('adds, lists and deletes with the same rules and messages', async () => {
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true });
    const client = await signedInClient(server.url, specialist);
    const added = await client.gql(ADD, { input: { dayOfWeek: 0, startTime: '09:00', endTime: '17:00' } });
    expect(added.errors).toBeUndefined();
    const backwards = await client.gql(ADD, { input: { dayOfWeek: 0, startTime: '18:00', endTime: '17:30' } });
    expect(backwards.errors?.[0]?.message).toBe('End time must be after start time');
    expect(backwards.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const overlap = await client.gql(ADD, { input: { dayOfWeek: 0, startTime: '16:00', endTime: '18:00' } });
    expect(overlap.errors?.[0]?.message).toBe('This time slot overlaps with an existing availability');

    const list = await client.gql(`query ($id: Int!) { availability(specialistId: $id) { id startTime } }`, {
      id: specialist.id,
    });
    expect(list.data.availability).toEqual([{ id: added.data.addAvailabilitySlot.id, startTime: '09:00' }]);
    const removed = await client.gql(`mutation ($id: Int!) { deleteAvailabilitySlot(id: $id) { id } }`, {
      id: added.data.addAvailabilitySlot.id,
    });
    expect(removed.errors).toBeUndefined();
    expect(await db().availability.count({ where: { specialistId: specialist.id } })).toBe(0);
  });

  it('a veterinarian gets FORBIDDEN', async () => {
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const result = await vet.gql(ADD, { input: { dayOfWeek: 0, startTime: '09:00', endTime: '17:00' } });
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('specialist questions', () => {
  it('a specialist manages own questions; veterinarians see the active ones as {id, questionText, required}', async () => {
    const specialist = await createUser(db(), { role: 'SPECIALIST', approved: true, specialty: 'Dermatology' });
    const client = await signedInClient(server.url, specialist);
    const first = await client.post('/api/specialist-questions', { questionText: '  Which diet is fed?  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ questionText: 'Which diet is fed?', required: true, active: true });
    expect(first.body.specialty).toBe('Dermatology');
    const second = await client.post('/api/specialist-questions', {
      questionText: 'Any previous skin scrapings?',
      required: false,
    });
    const hidden = await client.post('/api/specialist-questions', { questionText: 'Old question', active: true });
    const updated = await client.put(`/api/specialist-questions/${hidden.body.id}`, { active: false });
    expect(updated.status).toBe(200);
    expect(updated.body.active).toBe(false);

    const mine = await client.get('/api/specialist-questions/mine');
    expect(mine.body.map((q: { id: number }) => q.id)).toEqual([first.body.id, second.body.id, hidden.body.id]);

    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    const shown = await vet.get(`/api/specialist-questions?specialistId=${specialist.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual([
      { id: first.body.id, questionText: 'Which diet is fed?', required: true },
      { id: second.body.id, questionText: 'Any previous skin scrapings?', required: false },
    ]);
    const gql = await vet.gql(
      `query ($id: Int!) { specialistQuestions(specialistId: $id) { id questionText required } }`,
      {
        id: specialist.id,
      },
    );
    expect(gql.data.specialistQuestions).toEqual(shown.body);

    expect((await client.delete(`/api/specialist-questions/${second.body.id}`)).status).toBe(200);
    expect((await vet.get(`/api/specialist-questions?specialistId=${specialist.id}`)).body).toHaveLength(1);
  });

  it('requires question text, and only the owner may change a question', async () => {
    const owner = await signedInClient(server.url, await createUser(db(), { role: 'SPECIALIST', approved: true }));
    const empty = await owner.post('/api/specialist-questions', { questionText: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Question text is required');
    const question = await owner.post('/api/specialist-questions', { questionText: 'Is the patient eating?' });

    const intruder = await signedInClient(server.url, await createUser(db(), { role: 'SPECIALIST', approved: true }));
    expect((await intruder.put(`/api/specialist-questions/${question.body.id}`, { active: false })).status).toBe(403);
    expect((await intruder.delete(`/api/specialist-questions/${question.body.id}`)).status).toBe(403);
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    expect((await vet.post('/api/specialist-questions', { questionText: 'A vet question' })).status).toBe(403);
    const gql = await vet.gql(
      `mutation { createSpecialistQuestion(input: { questionText: "A vet question" }) { id } }`,
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('questions of a pending specialist are not offered', async () => {
    const pending = await createUser(db(), {
      role: 'SPECIALIST',
      approved: false,
      specialistQuestions: { create: [{ specialty: 'Cardiology', questionText: 'Hidden until approved?' }] },
    });
    const vet = await signedInClient(server.url, await createUser(db(), { role: 'VETERINARIAN' }));
    expect((await vet.get(`/api/specialist-questions?specialistId=${pending.id}`)).body).toEqual([]);
  });
});
