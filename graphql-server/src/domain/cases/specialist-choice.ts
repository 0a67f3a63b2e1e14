import { badInput } from '../../lib/errors';
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
