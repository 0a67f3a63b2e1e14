import { ROUTING_MESSAGES, type RoutingFacts, specialistNeed } from '@vetconsult/schema/turnaround';
import type { CaseRouting, CaseStatus } from '../../generated/prisma/enums';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { instantOf, localTime } from '../../lib/time-zone';
import type { Actor } from '../actor';

// Pure rules of SPEC §4 "Case lifecycle" and §6 "Roles and permissions". No database, no I/O: the
// service loads the case and asks these functions; both doors get the same answers.

export type CaseActor = Pick<Actor, 'id' | 'role' | 'approved' | 'specialty'>;

export interface CaseFacts {
  vetId: number;
  specialistId: number | null;
  status: CaseStatus;
  specialty?: string | null;
  /** Issue 19: 'first_available' cases wait unassigned for any approved specialist of their specialty. */
  routing?: CaseRouting;
}

export const NOT_AUTHORIZED_TO_REVISIT = 'You are not authorized to revisit this case';
export const REVISIT_NEEDS_REVIEWED = 'This case must be completed before it can be revisited';
export const CASE_ALREADY_ACCEPTED = 'This case has already been accepted';

/**
 * The lifecycle: draft -> pending_payment -> pending -> accepted -> reviewed; a pending case (paid, not
 * yet accepted) may instead be cancelled by its veterinarian, with a refund (issue 19). Cancelled and
 * reviewed are final.
 */
export const NEXT_STATUSES: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  draft: ['pending_payment'],
  pending_payment: ['pending'],
  pending: ['accepted', 'cancelled'],
  accepted: ['reviewed'],
  reviewed: [],
  cancelled: [],
};

export const CANCEL_ONCE_ACCEPTED =
  'A specialist has already accepted this consult, so it can no longer be cancelled. Please write to them in the conversation.';
export const CANCEL_NEEDS_PAID = 'Only a paid consult that no specialist has accepted yet can be cancelled';
export const ONLY_OWN_VET_CANCELS = 'Only the veterinarian who sent this consult can cancel it';

/** Throws why this actor cannot cancel this case (issue 19 item C); a cancelled case is the caller's to replay. */
export function assertCanCancel(actor: CaseActor, kase: CaseFacts): void {
  if (actor.role !== 'VETERINARIAN' || actor.id !== kase.vetId) throw forbidden(ONLY_OWN_VET_CANCELS);
  if (kase.status === 'accepted' || kase.status === 'reviewed') throw conflict(CANCEL_ONCE_ACCEPTED);
  if (kase.status !== 'pending' && kase.status !== 'cancelled') throw conflict(CANCEL_NEEDS_PAID);
}

/**
 * Throws why this actor cannot decline this case (issue 19 item D): only the specialist it is assigned
 * to, while it waits for acceptance.
 */
export function assertCanDecline(actor: CaseActor, kase: CaseFacts): void {
  if (actor.role !== 'SPECIALIST' || kase.specialistId !== actor.id)
    throw forbidden(ROUTING_MESSAGES.onlyAssignedDeclines);
  if (kase.status === 'accepted' || kase.status === 'reviewed') throw conflict(ROUTING_MESSAGES.declineOnceAccepted);
  if (kase.status !== 'pending') throw conflict(ROUTING_MESSAGES.declineNeedsPending);
}

/**
 * Throws why this actor cannot move this case to another specialist at `now` (issue 19 item D): its own
 * veterinarian, a paid case nobody accepted, once declined or past a quarter of its window (specialistNeed).
 */
export function assertCanReassign(actor: CaseActor, kase: CaseFacts & RoutingFacts, now: Date): void {
  if (actor.role !== 'VETERINARIAN' || actor.id !== kase.vetId) throw forbidden(ROUTING_MESSAGES.onlyOwnVetMoves);
  if (kase.status === 'accepted' || kase.status === 'reviewed') throw conflict(ROUTING_MESSAGES.moveOnceAccepted);
  if (kase.status !== 'pending') throw conflict(ROUTING_MESSAGES.moveNeedsPending);
  if (specialistNeed(kase, now) === null) throw conflict(ROUTING_MESSAGES.moveNotYet);
}

/** The declines of a case (who declined, why) are told to its veterinarian and the administrator. */
export const readsDeclines = (actor: CaseActor | null, kase: { vetId: number }): boolean =>
  actor !== null && (isAdmin(actor) || actor.id === kase.vetId);

/** Unpaid work of a veterinarian: still editable, payable and discardable (the Drafts tab). */
export const UNPAID_STATUSES = ['draft', 'pending_payment'] as const satisfies readonly CaseStatus[];

export const isUnpaid = (status: CaseStatus): boolean => (UNPAID_STATUSES as readonly string[]).includes(status);

export const DRAFT_NOT_FOUND = 'Draft not found';
export const NOT_YOUR_DRAFT = 'You can only change your own drafts';

/** A draft or unpaid case is changed only by its own veterinarian; a paid case is no draft (404). */
export function assertOwnDraft<T extends { vetId: number; status: CaseStatus }>(
  actor: CaseActor,
  kase: T | null,
): asserts kase is T {
  if (!kase || !isUnpaid(kase.status)) throw notFound(DRAFT_NOT_FOUND);
  if (kase.vetId !== actor.id) throw forbidden(NOT_YOUR_DRAFT);
}

export function canMove(from: CaseStatus, to: CaseStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

const isAdmin = (actor: CaseActor) => actor.role === 'ADMIN';

/**
 * Who reads a case (and its files): its veterinarian, the administrator, and its assigned specialist
 * once the case is paid (drafts and unpaid cases are the veterinarian's own work).
 */
export function canReadCase(actor: CaseActor, kase: CaseFacts): boolean {
  if (isAdmin(actor) || actor.id === kase.vetId) return true;
  if (isOpenToSpecialty(actor, kase)) return true;
  return (
    actor.role === 'SPECIALIST' &&
    kase.specialistId === actor.id &&
    kase.status !== 'draft' &&
    kase.status !== 'pending_payment'
  );
}

/**
 * Issue 19 "first available": a paid case sent to the first available specialist of a specialty waits
 * unassigned; every approved specialist of that specialty may read and accept it until one does. (Who is
 * *listed* it also depends on availability now: case-queries availableArgs.)
 */
export function isOpenToSpecialty(actor: CaseActor, kase: CaseFacts): boolean {
  return (
    actor.role === 'SPECIALIST' &&
    actor.approved &&
    kase.routing === 'first_available' &&
    kase.specialistId === null &&
    kase.status === 'pending' &&
    !!kase.specialty &&
    actor.specialty === kase.specialty
  );
}

/** Throws the reason a case cannot be accepted by this actor (SPEC §6 "Accept a case"). */
export function assertCanAccept(actor: CaseActor, kase: CaseFacts): void {
  if (actor.role !== 'SPECIALIST') throw forbidden('Only specialists can accept cases');
  if (!actor.approved) throw forbidden('Your specialist account must be approved before you can accept cases');
  if (isOpenToSpecialty(actor, kase)) return;
  if (kase.routing === 'first_available' && actor.specialty === kase.specialty && kase.specialistId !== actor.id) {
    // Another specialist of the specialty took it first (the conditional accept: first wins).
    if (kase.status === 'accepted' || kase.status === 'reviewed') throw conflict(ROUTING_MESSAGES.takenByAnother);
  }
  if (kase.specialistId !== actor.id) throw forbidden('This case is not assigned to you');
  if (kase.status === 'accepted' || kase.status === 'reviewed') throw conflict(CASE_ALREADY_ACCEPTED);
  if (kase.status !== 'pending') throw conflict('This case is not available for acceptance');
}

/** Throws the reason this actor cannot submit the final summary or summary attachments (SPEC §6). */
export function assertCanReview(actor: CaseActor, kase: CaseFacts): void {
  if (actor.role !== 'SPECIALIST' || kase.specialistId !== actor.id) {
    throw forbidden('Only the assigned specialist can submit a review for this case');
  }
  if (kase.status === 'reviewed') throw conflict('This case has already been reviewed');
  if (kase.status !== 'accepted') throw conflict('This case must be accepted before it can be reviewed');
}

/** Throws the reason this actor cannot revisit the case (SPEC §2 revisit guards, in their order). */
export function assertCanRevisit(actor: CaseActor, kase: CaseFacts): void {
  if (actor.role !== 'VETERINARIAN' || actor.id !== kase.vetId) throw forbidden(NOT_AUTHORIZED_TO_REVISIT);
  if (kase.status !== 'reviewed') throw conflict(REVISIT_NEEDS_REVIEWED);
}

/** Veterinarians add diagnostic (input) files to their own case until it is reviewed. */
export function assertCanAddInputFiles(actor: CaseActor, kase: CaseFacts): void {
  if (actor.id !== kase.vetId) throw forbidden('Only the veterinarian of this case can add diagnostic files');
  if (kase.status === 'reviewed') throw conflict('Files cannot be added to a completed case');
  if (kase.status === 'cancelled') throw conflict(FILES_ON_CANCELLED);
}

export const FILES_ON_CANCELLED = 'Files cannot be added to a cancelled consult';

export function assertVeterinarian(actor: CaseActor): void {
  if (actor.role !== 'VETERINARIAN') throw forbidden('Only veterinarians can create consults and drafts');
}

// --- patient ---------------------------------------------------------------------------------------------

export interface PatientFacts {
  patientName: string | null;
  familyLastName: string | null;
  contactEmail: string | null;
  submittingDvm: string | null;
  dateOfBirth: string | null;
  species: string | null;
  sex: string | null;
  breed: string | null;
  spayNeuterStatus: string | null;
  age: number | null;
  ageUnit: string | null;
}

/** The patient of a case (SPEC §3): what a revisit copies, a report prints and every case view shows. */
export function patientOf(kase: PatientFacts): PatientFacts {
  return {
    patientName: kase.patientName,
    familyLastName: kase.familyLastName,
    contactEmail: kase.contactEmail,
    submittingDvm: kase.submittingDvm,
    dateOfBirth: kase.dateOfBirth,
    species: kase.species,
    sex: kase.sex,
    breed: kase.breed,
    spayNeuterStatus: kase.spayNeuterStatus,
    age: kase.age,
    ageUnit: kase.ageUnit,
  };
}

// --- labels ---------------------------------------------------------------------------------------------

export interface RevisitFacts {
  originalCaseId: number | null;
  revisitNumber: number;
  baseUuid: string | null;
  revisionNumber: number;
}

/** SPEC §4: a revisit has an originalCaseId with revisitNumber > 0, or a baseUuid with revisionNumber > 0. */
export function isRevisit(kase: RevisitFacts): boolean {
  return (
    (kase.originalCaseId !== null && kase.revisitNumber > 0) || (kase.baseUuid !== null && kase.revisionNumber > 0)
  );
}

export function revisitNumberOf(kase: RevisitFacts): number {
  return Math.max(kase.revisitNumber, kase.revisionNumber);
}

/** 'Revisit #N' for a follow-up case, 'New Consult' otherwise. */
export function caseLabel(kase: RevisitFacts): string {
  return isRevisit(kase) ? `Revisit #${revisitNumberOf(kase)}` : 'New Consult';
}

/** The first 8 characters of the uuid (SPEC §1). */
export const shortId = (uuid: string) => uuid.slice(0, 8);

/** The short id, with '-R{N}' appended for a revisit (SPEC §1 "shows a suffix with that number"). */
export function displayId(kase: RevisitFacts & { uuid: string }): string {
  return isRevisit(kase) ? `${shortId(kase.uuid)}-R${revisitNumberOf(kase)}` : shortId(kase.uuid);
}

/**
 * The title the older views read: "{patient} {family name} - {specialty}", with the revisit label
 * appended for a follow-up case.
 */
export function caseTitle(
  kase: RevisitFacts & { patientName: string | null; familyLastName: string | null; specialty: string | null },
): string {
  const patient = [kase.patientName, kase.familyLastName].filter(Boolean).join(' ') || 'Unnamed patient';
  const title = kase.specialty ? `${patient} - ${kase.specialty}` : patient;
  return isRevisit(kase) ? `${title} (${caseLabel(kase)})` : title;
}

export function nextRevisitNumber(existingNumbers: number[]): number {
  return existingNumbers.reduce((max, n) => Math.max(max, n), 0) + 1;
}

// --- "this week" -----------------------------------------------------------------------------------------

/**
 * "Completed This Week" counts cases reviewed since Monday 00:00 in the user's time zone (ISO week),
 * up to now. Pure: the instant and the zone are arguments.
 */
export function startOfWeek(now: Date, timeZone: string): Date {
  const local = localTime(now, timeZone);
  const daysSinceMonday = (local.dayOfWeek + 6) % 7;
  return new Date(instantOf(local.year, local.month, local.day - daysSinceMonday, 0, timeZone));
}
