import { type CaseRoutingValue, TURNAROUND_MESSAGES, type Urgency } from '@vetconsult/schema/turnaround';
import { badInput } from '../../lib/errors';
import { isAvailableAt } from '../people/availability.rules';
import type { DbOrTx } from './case-access';

// Issue 21 items 1(d) and 10(a): the specialist chosen for a draft, a consult or a revisit is an
// approved specialist who holds the case's specialty. One rule for every place a specialist is named.

export const SELECT_SPECIALIST = 'Please select a specialist';
export const specialtyMismatchMessage = (specialty: string) =>
  `This specialist does not practise ${specialty}. Please select a specialist.`;

/**
 * Throws when `specialistId` names no approved specialist, or one without `specialty` (when the case
 * has one). An empty choice (undefined, null, 0) is left to the caller's own rules (drafts allow it).
 */
export async function assertChoosableSpecialist(
  db: DbOrTx,
  specialistId: unknown,
  specialty: string | null | undefined,
  field = 'specificSpecialistId',
) {
  if (typeof specialistId !== 'number' || specialistId === 0) return null;
  const specialist = await db.user.findUnique({
    where: { id: specialistId },
    select: { id: true, role: true, approved: true, specialty: true },
  });
  if (specialist?.role !== 'SPECIALIST' || !specialist.approved) throw badInput(SELECT_SPECIALIST, field);
  if (specialty && specialist.specialty !== specialty) throw badInput(specialtyMismatchMessage(specialty), field);
  return specialist;
}

/** Whether a specialist is available now by their weekly slots (the directory's `isAvailable`). */
export async function isSpecialistAvailable(db: DbOrTx, specialistId: number, at: Date): Promise<boolean> {
  const specialist = await db.user.findUnique({
    where: { id: specialistId },
    select: { timezone: true, availability: { select: { dayOfWeek: true, startTime: true, endTime: true } } },
  });
  return specialist !== null && isAvailableAt(specialist.availability, specialist.timezone, at);
}

/** The approved specialists of a specialty who are available now (first-available routing, issue 19). */
export async function availableSpecialistIds(db: DbOrTx, specialty: string, at: Date): Promise<number[]> {
  const specialists = await db.user.findMany({
    where: { role: 'SPECIALIST', approved: true, specialty },
    select: { id: true, timezone: true, availability: { select: { dayOfWeek: true, startTime: true, endTime: true } } },
    orderBy: { id: 'asc' },
  });
  return specialists.filter((s) => isAvailableAt(s.availability, s.timezone, at)).map((s) => s.id);
}

/**
 * Issue 19: a STAT consult goes only to a specialist who is available now (with first-available
 * routing, to a specialty with someone available now). Other urgencies go to anyone approved.
 */
export async function assertUrgencyAllowed(
  db: DbOrTx,
  urgency: Urgency | null | undefined,
  specialistId: number | null | undefined,
  at: Date,
  firstAvailableSpecialty?: string | null,
  field = 'urgency',
): Promise<void> {
  if (urgency !== 'stat') return;
  if (firstAvailableSpecialty) {
    if ((await availableSpecialistIds(db, firstAvailableSpecialty, at)).length === 0) {
      throw badInput(TURNAROUND_MESSAGES.statNoneAvailable, field);
    }
    return;
  }
  if (!specialistId || !(await isSpecialistAvailable(db, specialistId, at))) {
    throw badInput(TURNAROUND_MESSAGES.statNeedsAvailable, field);
  }
}

/** How a case is routed: to its named specialist, or to the first available one of its specialty. */
export interface RoutedCase {
  urgency: Urgency | null | undefined;
  specialistId: number | null | undefined;
  routing: CaseRoutingValue;
  specialty: string | null | undefined;
}

/**
 * assertUrgencyAllowed for a case as it is routed (submission, start of payment, payment intent): a
 * first-available STAT consult needs someone of its specialty available now, a named one its specialist.
 */
export function assertRoutedUrgencyAllowed(db: DbOrTx, kase: RoutedCase, at: Date, field = 'urgency') {
  const firstAvailable = kase.routing === 'first_available' && !kase.specialistId;
  return assertUrgencyAllowed(
    db,
    kase.urgency,
    kase.specialistId,
    at,
    firstAvailable ? (kase.specialty ?? null) : null,
    field,
  );
}
