// Issue 19 "Turnaround you can choose and see": the urgencies a consult is sent with, their windows, the
// words of the clock, and the pure "time left" function the server and the web both read. No zod here:
// the web's lists and clocks import this module without the validation library (it loads with the forms;
// graphql-server/test/web-budget.test.ts). The input schemas are in turnaround.ts.

export const URGENCIES = ['routine', 'priority', 'stat'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const URGENCY_LABELS: Readonly<Record<Urgency, string>> = {
  routine: 'Routine',
  priority: 'Priority',
  stat: 'STAT',
};

/** How long the specialist has, from activation (payment) to the answer. */
export const URGENCY_WINDOW_HOURS: Readonly<Record<Urgency, number>> = { routine: 48, priority: 24, stat: 4 };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export const urgencyWindowMs = (urgency: Urgency): number => URGENCY_WINDOW_HOURS[urgency] * HOUR_MS;

/** The due time fixed at activation: activation + the urgency's window. */
export const dueAtFor = (urgency: Urgency, activatedAt: Date): Date =>
  new Date(activatedAt.getTime() + urgencyWindowMs(urgency));

/** 'Answer within 4 hours' — the promise shown beside each choice. */
export const urgencyPromise = (urgency: Urgency): string => `Answer within ${URGENCY_WINDOW_HOURS[urgency]} hours`;

export const CASE_ROUTINGS = ['named', 'first_available'] as const;
export type CaseRoutingValue = (typeof CASE_ROUTINGS)[number];

export const TURNAROUND_MESSAGES = {
  statNeedsAvailable:
    'STAT consults go only to a specialist who is available now. Please choose an available specialist or another urgency.',
  statNoneAvailable:
    'No specialist of this specialty is available now, so STAT cannot be chosen. Please choose Priority or Routine.',
} as const;

// --- the clock ------------------------------------------------------------------------------------------

export type ClockTone = 'ok' | 'soon' | 'overdue' | 'none';

export interface TimeLeft {
  /** '3 h 20 min left', 'Overdue by 2 h', 'Due now'. */
  text: string;
  /** ok: more than half the window left; soon: half or less; overdue: past due. */
  tone: ClockTone;
  /** Milliseconds until due (negative when overdue). */
  remainingMs: number;
}

/** '2 d 3 h', '3 h 20 min', '12 min', 'less than a minute'. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/**
 * The time left of a case due at `dueAt` on `urgency`'s window, at `now`. Pure: the server (overdue
 * flags) and the web (the ticking clock) read the same words and tones.
 */
export function timeLeft(dueAt: Date | string, urgency: Urgency, now: Date | number): TimeLeft {
  const due = typeof dueAt === 'string' ? new Date(dueAt).getTime() : dueAt.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  const remainingMs = due - at;
  if (remainingMs < 0 && -remainingMs >= MINUTE_MS) {
    return { text: `Overdue by ${formatDuration(remainingMs)}`, tone: 'overdue', remainingMs };
  }
  if (remainingMs < MINUTE_MS) return { text: 'Due now', tone: remainingMs < 0 ? 'overdue' : 'soon', remainingMs };
  const tone: ClockTone = remainingMs > urgencyWindowMs(urgency) / 2 ? 'ok' : 'soon';
  return { text: `${formatDuration(remainingMs)} left`, tone, remainingMs };
}

/** Statuses on which the clock runs (the specialist still owes the answer). */
export const CLOCK_STATUSES = ['pending', 'accepted'] as const;

export const isOverdue = (dueAt: Date | null, status: string, now: Date): boolean =>
  dueAt !== null && (CLOCK_STATUSES as readonly string[]).includes(status) && dueAt.getTime() < now.getTime();

/**
 * A case nobody accepted within a quarter of its window (1 h for STAT) may be moved to another
 * specialist or cancelled: the veterinarian is told from this instant.
 */
export const unacceptedAlertAt = (urgency: Urgency, activatedAt: Date | string): Date =>
  new Date(new Date(activatedAt).getTime() + urgencyWindowMs(urgency) / 4);

// --- decline, reassign, cancel -------------------------------------------------------------------------

/** The facts of a case that decide whether its veterinarian may move it to another specialist. */
export interface RoutingFacts {
  status: string;
  specialistId: number | null;
  routing: CaseRoutingValue;
  urgency: Urgency;
  activatedAt: Date | string | null;
}

/**
 * Why a paid, unaccepted case may be moved to another specialist at `now`: 'declined' (its specialist
 * declined it: nobody holds it), 'unaccepted' (a quarter of its window has passed and nobody accepted it),
 * or null (not now). The server refuses a move on null; the vet's case page shows its notice from it.
 */
export function specialistNeed(kase: RoutingFacts, now: Date | number): 'declined' | 'unaccepted' | null {
  if (kase.status !== 'pending' || kase.activatedAt === null) return null;
  if (kase.routing === 'named' && kase.specialistId === null) return 'declined';
  const at = typeof now === 'number' ? now : now.getTime();
  return at >= unacceptedAlertAt(kase.urgency, kase.activatedAt).getTime() ? 'unaccepted' : null;
}

export const ROUTING_MESSAGES = {
  unaccepted: 'No specialist has accepted this case yet',
  declined: 'The specialist declined this case',
  chooseAnother: 'You can send it to another specialist of the same specialty without paying again, or cancel it.',
  firstAvailable: 'First available specialist',
  firstAvailableHint: 'Every available specialist of this specialty sees it; the first to accept takes it.',
  onlyAssignedDeclines: 'Only the specialist this case is assigned to can decline it',
  declineOnceAccepted: 'This case has already been accepted, so it can no longer be declined',
  declineNeedsPending: 'Only a case waiting for acceptance can be declined',
  onlyOwnVetMoves: 'Only the veterinarian who sent this consult can move it to another specialist',
  moveOnceAccepted: 'A specialist has already accepted this consult, so it can no longer be moved',
  moveNeedsPending: 'Only a paid consult that no specialist has accepted yet can be moved',
  moveNotYet:
    'This consult can be moved once its specialist declines it, or when no one has accepted it within a quarter of its window',
  declinedSpecialist: 'This specialist declined this consult. Please choose another specialist.',
  sameSpecialist: 'This consult is already with this specialist. Please choose another specialist.',
  takenByAnother: 'Another specialist has already accepted this case',
  youDeclined: 'You declined this case, so it is offered to other specialists',
} as const;
