import { SPECIALTIES } from '@vetconsult/schema/values';
import type { Config } from '../config';
import { hashPassword } from '../domain/auth/password';
import { seedPromotionCodes } from '../domain/payments/seed-promotion-codes';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from '../lib/db/client';
import type { Logger } from '../lib/logger';

// Demo data for a fresh embedded database (and `npm run seed`): the administrator, two veterinarians
// (a Canadian and a US clinic), an approved specialist for every specialty with weekly availability and
// extra questions, one specialist waiting for approval, cases in every status (the accepted and the
// reviewed one with a short conversation), and promotion codes.

export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_LOGINS = [
  { username: 'dr.martin', role: 'VETERINARIAN', note: 'Maple Grove Animal Hospital, Toronto ON' },
  { username: 'dr.nguyen', role: 'VETERINARIAN', note: 'Harborview Veterinary Clinic, Seattle WA' },
  { username: 'dr.rivera', role: 'VETERINARIAN', note: 'Bow Valley Animal Clinic, Calgary AB (turnaround history)' },
  { username: 'dr.patel', role: 'SPECIALIST', note: 'Cardiology (approved)' },
  { username: 'dr.okafor', role: 'SPECIALIST', note: 'Internal Medicine (approved)' },
  { username: 'dr.lindqvist', role: 'SPECIALIST', note: 'Nutrition (approved)' },
  { username: 'dr.pending', role: 'SPECIALIST', note: 'Neurology (waiting for approval)' },
] as const;

const SPECIALIST_NAMES: Record<string, [string, string]> = {
  Anesthesia: ['dr.rossi', 'Dr. Elena Rossi'],
  'Avian & Exotic Medicine': ['dr.hawthorne', 'Dr. Miles Hawthorne'],
  Cardiology: ['dr.patel', 'Dr. Priya Patel'],
  'Critical Care': ['dr.mbeki', 'Dr. Thandi Mbeki'],
  Dentistry: ['dr.kowalski', 'Dr. Adam Kowalski'],
  Dermatology: ['dr.fischer', 'Dr. Hanna Fischer'],
  'Internal Medicine': ['dr.okafor', 'Dr. Chidi Okafor'],
  Neurology: ['dr.tanaka', 'Dr. Yuki Tanaka'],
  Nutrition: ['dr.lindqvist', 'Dr. Sofia Lindqvist'],
  Oncology: ['dr.moreau', 'Dr. Julien Moreau'],
  Rehabilitation: ['dr.osei', 'Dr. Kwame Osei'],
  Surgery: ['dr.brennan', 'Dr. Claire Brennan'],
  'Surgical Oncology': ['dr.alvarez', 'Dr. Mateo Alvarez'],
  Other: ['dr.nakamura', 'Dr. Ren Nakamura'],
};

const TIMEZONES = ['America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Halifax', 'America/New_York'];

/** Mon-Fri office hours, with a lighter Saturday for every other specialist. */
function weeklySlots(index: number) {
  const slots = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' }));
  if (index % 2 === 0) slots.push({ dayOfWeek: 6, startTime: '10:00', endTime: '14:00' });
  return slots;
}

export async function seedDemoData(db: Db, config: Config): Promise<void> {
  const demoHash = await hashPassword(DEMO_PASSWORD);
  await seedPromotionCodes(db, config.prices.currency);
  await db.user.create({
    data: {
      username: 'admin',
      email: config.admin.email,
      name: 'VetConsult Administrator',
      role: 'ADMIN',
      approved: true,
      passwordHash: await hashPassword(config.admin.password),
    },
  });
  const martin = await db.user.create({
    data: {
      username: 'dr.martin',
      email: 'martin@maplegrove.example',
      name: 'Dr. Laura Martin',
      role: 'VETERINARIAN',
      approved: true,
      clinicName: 'Maple Grove Animal Hospital',
      clinicAddress: '120 King St W, Toronto, ON M5H 1J9',
      passwordHash: demoHash,
    },
  });
  await db.user.create({
    data: {
      username: 'dr.nguyen',
      email: 'nguyen@harborview.example',
      name: 'Dr. Kevin Nguyen',
      role: 'VETERINARIAN',
      approved: true,
      clinicName: 'Harborview Veterinary Clinic',
      clinicAddress: '800 Pike St, Seattle, WA 98101',
      timezone: 'America/Los_Angeles',
      passwordHash: demoHash,
    },
  });

  const specialists: Record<string, number> = {};
  for (const [index, specialty] of SPECIALTIES.entries()) {
    const [username, name] = SPECIALIST_NAMES[specialty] ?? [`dr.${index}`, `Dr. Specialist ${index}`];
    const user = await db.user.create({
      data: {
        username,
        email: `${username.replace('dr.', '')}@specialists.example`,
        name,
        role: 'SPECIALIST',
        specialty,
        approved: true,
        timezone: TIMEZONES[index % TIMEZONES.length],
        passwordHash: demoHash,
        availability: { create: weeklySlots(index) },
      },
    });
    specialists[specialty] = user.id;
  }
  await db.user.create({
    data: {
      username: 'dr.pending',
      email: 'pending@specialists.example',
      name: 'Dr. Amara Singh',
      role: 'SPECIALIST',
      specialty: 'Neurology',
      approved: false,
      passwordHash: demoHash,
    },
  });

  const questions: Prisma.SpecialistQuestionCreateManyInput[] = [
    {
      specialistId: specialists.Cardiology ?? 0,
      specialty: 'Cardiology',
      questionText: 'Is a murmur audible? If so, give its grade and location.',
    },
    {
      specialistId: specialists.Cardiology ?? 0,
      specialty: 'Cardiology',
      questionText: 'Are thoracic radiographs or an echocardiogram available?',
      required: false,
    },
    {
      specialistId: specialists.Nutrition ?? 0,
      specialty: 'Nutrition',
      questionText: 'What is the current diet (brand, amount, treats)?',
    },
    {
      specialistId: specialists.Dermatology ?? 0,
      specialty: 'Dermatology',
      questionText: 'Which parasite preventive is used, and when was it last given?',
    },
  ];
  await db.specialistQuestion.createMany({ data: questions });

  const patient = (patientName: string, species: string, breed: string) => ({
    vetId: martin.id,
    patientName,
    familyLastName: 'Tremblay',
    contactEmail: 'tremblay.family@example.com',
    submittingDvm: 'Dr. Laura Martin',
    species,
    breed,
    sex: 'Female',
    spayNeuterStatus: 'Spayed',
    age: 7,
    ageUnit: 'Years',
    termsAccepted: true,
  });
  const day = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(Date.now() - days * day);
  await db.case.create({
    data: { ...patient('Biscuit', 'Canine', 'Beagle'), status: 'draft', specialty: 'Cardiology', termsAccepted: false },
  });
  await db.case.create({
    data: {
      ...patient('Mochi', 'Feline', 'Domestic Shorthair'),
      status: 'pending',
      isPaid: true,
      specialty: 'Cardiology',
      specialistId: specialists.Cardiology,
      clinicalSigns: 'Tachypnea at rest and a new grade III/VI left apical systolic murmur.',
      questions: 'Is this consistent with hypertrophic cardiomyopathy? What work-up do you recommend?',
      createdAt: ago(1),
      activatedAt: ago(1),
      dueAt: new Date(ago(1).getTime() + 2 * day),
    },
  });
  const juniper = await db.case.create({
    data: {
      ...patient('Juniper', 'Canine', 'Labrador Retriever'),
      status: 'accepted',
      isPaid: true,
      specialty: 'Internal Medicine',
      specialistId: specialists['Internal Medicine'],
      clinicalSigns: 'Polyuria and polydipsia for three weeks, mild weight loss, ALP elevated.',
      questions: 'Would you pursue an ACTH stimulation test or a low-dose dexamethasone suppression test first?',
      createdAt: ago(3),
      activatedAt: ago(3),
      dueAt: ago(1),
      acceptedAt: ago(2),
    },
  });
  const pepper = await db.case.create({
    data: {
      ...patient('Pepper', 'Canine', 'Border Collie'),
      status: 'reviewed',
      isPaid: true,
      specialty: 'Dermatology',
      specialistId: specialists.Dermatology,
      clinicalSigns: 'Recurrent pruritus of paws and ears every spring, partial response to oclacitinib.',
      questions: 'Is allergen-specific immunotherapy worth pursuing, and which tests first?',
      summary:
        'History and distribution fit environmental atopic dermatitis. Rule out food allergy with an 8-week elimination trial, then consider intradermal testing for immunotherapy.',
      createdAt: ago(10),
      activatedAt: ago(10),
      dueAt: ago(8),
      acceptedAt: ago(9),
      reviewedAt: ago(2),
    },
  });
  await db.case.create({
    data: {
      ...patient('Olive', 'Feline', 'Siamese'),
      status: 'pending_payment',
      specialty: 'Oncology',
      specialistId: specialists.Oncology,
      clinicalSigns: 'Firm 2 cm subcutaneous mass at the interscapular region, present 4 weeks.',
      questions: 'Should we aspirate first or go straight to an incisional biopsy?',
    },
  });

  await seedTurnaroundHistory(db, demoHash, specialists);

  // Case conversations (issue 15): the accepted case has a running exchange with the specialist's newest
  // message still unread by the veterinarian; the reviewed case a short follow-up, read by both.
  const hours = (n: number) => new Date(Date.now() - n * 60 * 60 * 1000);
  await seedConversation(db, juniper.id, [
    [
      juniper.specialistId,
      hours(44),
      'Thanks for the detailed history. Before choosing between the ACTH stimulation and the LDDS test: has Juniper had any steroids, including ear or eye drops, in the last month?',
    ],
    [
      martin.id,
      hours(41),
      'None in the last month. The owners used an otic product with dexamethasone about six weeks ago, for one week.',
    ],
    [
      juniper.specialistId,
      hours(26),
      "Six weeks is long enough. I'd start with an LDDS test. Could you also send the abdominal ultrasound images if you have them? The adrenal size will help.",
    ],
    [martin.id, hours(25), "The ultrasound is booked for Thursday; I'll attach the images here."],
    [
      juniper.specialistId,
      hours(5),
      "Perfect. If the LDDS is equivocal, we'll follow with a urine cortisol:creatinine ratio.",
    ],
  ]);
  await seedConversation(db, pepper.id, [
    [
      martin.id,
      hours(30),
      'Thank you for the summary. The owners would like to start the elimination trial this week: is a hydrolysed diet acceptable, or do you prefer a novel protein?',
    ],
    [
      pepper.specialistId,
      hours(22),
      "Either works. With Pepper's history I'd pick a hydrolysed diet, and keep the oclacitinib for the first four weeks only.",
    ],
    [martin.id, hours(21), "Great, thank you. We'll recheck in eight weeks."],
  ]);
}

const TURNAROUND_SPECIALTIES = ['Dermatology', 'Surgery', 'Oncology', 'Neurology', 'Critical Care', 'Anesthesia'];
const PET_NAMES = [
  'Bella',
  'Milo',
  'Luna',
  'Charlie',
  'Nala',
  'Oscar',
  'Daisy',
  'Finn',
  'Ruby',
  'Teddy',
  'Willow',
  'Gus',
];
/** Fees of the default configuration (CAD), and Alberta's 5% GST: what the payments of the history record. */
const FEE = { routine: 15000, priority: 19000, stat: 24000 } as const;

/**
 * Issue 19: a third clinic with eight weeks of history across specialties and urgencies — answered on
 * time and late, a few overdue now, two cancelled and refunded — so the clocks and the operations
 * dashboard show something real on first start. Kept off the specialists and vets the end-to-end specs
 * count on (Cardiology, Internal Medicine, Nutrition; dr.martin, dr.nguyen).
 */
async function seedTurnaroundHistory(db: Db, passwordHash: string, specialists: Record<string, number>) {
  const rivera = await db.user.create({
    data: {
      username: 'dr.rivera',
      email: 'rivera@bowvalley.example',
      name: 'Dr. Sofia Rivera',
      role: 'VETERINARIAN',
      approved: true,
      clinicName: 'Bow Valley Animal Clinic',
      clinicAddress: '250 6 Ave SW, Calgary, AB T2P 3H7',
      timezone: 'America/Edmonton',
      passwordHash,
    },
  });
  const hour = 3_600_000;
  const urgencies = ['routine', 'priority', 'stat', 'routine', 'priority', 'routine'] as const;
  const windowHours = { routine: 48, priority: 24, stat: 4 } as const;
  const now = Date.now();
  for (let i = 0; i < 36; i++) {
    const urgency = urgencies[i % urgencies.length] ?? 'routine';
    const specialty = TURNAROUND_SPECIALTIES[i % TURNAROUND_SPECIALTIES.length] ?? 'Dermatology';
    const windowMs = windowHours[urgency] * hour;
    // Spread over eight weeks, newest last; the last few are still open.
    const activatedAt = new Date(now - (56 - i * 1.5) * 24 * hour - (i % 5) * hour);
    const open = i >= 32;
    const cancelled = i === 7 || i === 21;
    // Most answered well inside the window; every fourth late.
    const late = i % 4 === 3;
    const acceptedAt = new Date(activatedAt.getTime() + windowMs * (0.05 + (i % 3) * 0.05));
    const reviewedAt = new Date(activatedAt.getTime() + windowMs * (late ? 1.3 : 0.6 + (i % 3) * 0.1));
    const status = cancelled ? 'cancelled' : open ? (i % 2 === 0 ? 'pending' : 'accepted') : 'reviewed';
    // Open cases: two overdue now, two still running.
    const openActivated = new Date(now - (i % 2 === 0 ? windowMs * 1.5 : windowMs * 0.3));
    const activated = open ? openActivated : activatedAt;
    const pet = PET_NAMES[i % PET_NAMES.length] ?? 'Pet';
    const kase = await db.case.create({
      data: {
        vetId: rivera.id,
        specialistId: specialists[specialty] ?? null,
        specialty,
        patientName: pet,
        familyLastName: 'Rivera',
        contactEmail: 'front.desk@bowvalley.example',
        submittingDvm: 'Dr. Sofia Rivera',
        species: i % 3 === 0 ? 'Feline' : 'Canine',
        breed: i % 3 === 0 ? 'Domestic Shorthair' : 'Mixed',
        sex: i % 2 === 0 ? 'Female' : 'Male',
        age: 2 + (i % 11),
        ageUnit: 'Years',
        clinicalSigns: 'History and findings as attached; see the referral letter.',
        questions: 'What would you recommend as the next diagnostic and treatment steps?',
        termsAccepted: true,
        isPaid: true,
        status,
        urgency,
        createdAt: new Date(activated.getTime() - 20 * 60_000),
        activatedAt: activated,
        dueAt: new Date(activated.getTime() + windowMs),
        acceptedAt:
          status === 'reviewed' || status === 'accepted'
            ? open
              ? new Date(activated.getTime() + windowMs * 0.1)
              : acceptedAt
            : null,
        reviewedAt: status === 'reviewed' ? reviewedAt : null,
        summary: status === 'reviewed' ? 'Findings reviewed; recommendations sent with the report.' : null,
        cancelledAt: cancelled ? new Date(activated.getTime() + windowMs * 0.1) : null,
        cancelReason: cancelled ? 'The owners chose a referral visit instead.' : null,
      },
    });
    await seedPayment(db, kase, rivera.id, FEE[urgency], activated, cancelled ? windowMs * 0.1 : null);
  }
  await seedRouting(db, rivera.id, specialists);
}

/** The succeeded payment (Alberta: 5% GST) that activated a seeded case, refunded `refundAfterMs` later. */
async function seedPayment(
  db: Db,
  kase: { id: number; uuid: string },
  vetId: number,
  originalAmount: number,
  activated: Date,
  refundAfterMs: number | null,
) {
  const taxAmount = Math.round(originalAmount * 0.05);
  const intentId = `pi_seed_${kase.uuid.replace(/-/g, '').slice(0, 24)}`;
  await db.payment.create({
    data: {
      caseId: kase.id,
      userId: vetId,
      type: 'consultation',
      provider: 'test',
      providerPaymentIntentId: intentId,
      status: 'succeeded',
      currency: 'cad',
      originalAmount,
      taxRate: 5,
      taxAmount,
      totalAmount: originalAmount + taxAmount,
      province: 'AB',
      isCanadian: true,
      taxLines: [{ name: 'GST', rate: 5, amount: taxAmount }],
      activatedAt: activated,
      createdAt: activated,
      ...(refundAfterMs !== null
        ? {
            refundedAt: new Date(activated.getTime() + refundAfterMs),
            refundAmount: originalAmount + taxAmount,
            providerRefundId: `re_seed_${kase.uuid.replace(/-/g, '').slice(0, 24)}`,
          }
        : {}),
    },
  });
  await db.case.update({
    where: { id: kase.id },
    data: { paymentAmount: originalAmount + taxAmount, stripePaymentIntentId: intentId },
  });
}

/**
 * Issue 19 decline and routing, on dr.rivera's clinic: a Dermatology consult its specialist declined with
 * a reason (the vet moves it to the first available dermatologist or cancels it), and a Cardiology consult
 * sent to the first available cardiologist (in dr.patel's Available Cases while he is available). The
 * Cardiology consult dr.martin sent dr.patel a day ago is past a quarter of its window: dr.patel may accept
 * or decline it, dr.martin may move or cancel it.
 */
async function seedRouting(db: Db, riveraId: number, specialists: Record<string, number>) {
  const hour = 3_600_000;
  const base = {
    vetId: riveraId,
    familyLastName: 'Rivera',
    contactEmail: 'front.desk@bowvalley.example',
    submittingDvm: 'Dr. Sofia Rivera',
    sex: 'Female',
    ageUnit: 'Years',
    termsAccepted: true,
    isPaid: true,
    status: 'pending' as const,
  };
  const declinedAt = new Date(Date.now() - 2 * hour);
  const declinedActivated = new Date(Date.now() - 3 * hour);
  const declined = await db.case.create({
    data: {
      ...base,
      patientName: 'Hazel',
      species: 'Canine',
      breed: 'Golden Retriever',
      age: 4,
      specialty: 'Dermatology',
      specialistId: null,
      routing: 'named',
      urgency: 'priority',
      clinicalSigns: 'Pruritic alopecia of the flanks and tail base, poor response to flea control.',
      questions: 'Flea allergy or food allergy first? Which elimination diet would you choose?',
      createdAt: new Date(declinedActivated.getTime() - 20 * 60_000),
      activatedAt: declinedActivated,
      dueAt: new Date(declinedActivated.getTime() + 24 * hour),
    },
  });
  await db.caseDecline.create({
    data: {
      caseId: declined.id,
      specialistId: specialists.Dermatology ?? null,
      reason: 'Fully booked until Monday; another dermatologist can answer sooner.',
      createdAt: declinedAt,
    },
  });
  await seedPayment(db, declined, riveraId, FEE.priority, declinedActivated, null);

  const offeredActivated = new Date(Date.now() - 40 * 60_000);
  const offered = await db.case.create({
    data: {
      ...base,
      patientName: 'Clover',
      species: 'Feline',
      breed: 'Maine Coon',
      age: 9,
      specialty: 'Cardiology',
      specialistId: null,
      routing: 'first_available',
      urgency: 'routine',
      clinicalSigns: 'Gallop rhythm on auscultation and an enlarged left atrium on radiographs.',
      questions: 'Would you start clopidogrel now, ahead of the echocardiogram?',
      createdAt: new Date(offeredActivated.getTime() - 20 * 60_000),
      activatedAt: offeredActivated,
      dueAt: new Date(offeredActivated.getTime() + 48 * hour),
    },
  });
  await seedPayment(db, offered, riveraId, FEE.routine, offeredActivated, null);
}

/**
 * Messages written in order, and each author's read marker at their own newest message (a participant has
 * read everything up to what they last wrote): whatever the other side wrote after it stays unread.
 */
async function seedConversation(db: Db, caseId: number, messages: Array<[number | null, Date, string]>) {
  const markers = new Map<number, { lastReadMessageId: number; readAt: Date }>();
  for (const [authorId, createdAt, body] of messages) {
    if (authorId === null) continue;
    const message = await db.caseMessage.create({ data: { caseId, authorId, body, createdAt } });
    markers.set(authorId, { lastReadMessageId: message.id, readAt: createdAt });
  }
  for (const [userId, marker] of markers) {
    await db.caseReadMarker.create({ data: { caseId, userId, ...marker } });
  }
}

export async function seedIfEmpty(db: Db, config: Config, logger: Logger): Promise<boolean> {
  if ((await db.user.count()) > 0) return false;
  await seedDemoData(db, config);
  logger.info(
    { admin: config.admin.email, password: DEMO_PASSWORD, logins: DEMO_LOGINS.map((l) => l.username) },
    'seeded demo data',
  );
  return true;
}
