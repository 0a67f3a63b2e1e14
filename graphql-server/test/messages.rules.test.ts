import { CONVERSATION_OPEN_DAYS } from '@vetconsult/schema/messages';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import {
  ADMIN_READS_ONLY,
  CONVERSATION_CLOSED,
  CONVERSATION_NOT_OPEN,
  CONVERSATION_READ_DENIED,
  closesAt,
  conversationState,
  counterpartOf,
  isParticipant,
  writeRefusal,
} from '../src/domain/messages/messages.rules';
import { receivesConversationActivity, receivesConversationEvent } from '../src/domain/realtime/realtime.rules';

// The conversation's rules are pure: the window's edges to the millisecond, each role, and the
// subscription rules built on them.

const actor = (id: number, role: Actor['role']): Actor => ({
  id,
  role,
  approved: true,
  specialty: null,
  sessionId: 's',
});
const VET = actor(1, 'VETERINARIAN');
const SPECIALIST = actor(2, 'SPECIALIST');
const OTHER_VET = actor(3, 'VETERINARIAN');
const OTHER_SPECIALIST = actor(4, 'SPECIALIST');
const ADMIN = actor(5, 'ADMIN');
const reviewedAt = new Date('2026-03-01T12:00:00Z');
const reviewed = { vetId: 1, specialistId: 2, status: 'reviewed' as const, reviewedAt };
const window = CONVERSATION_OPEN_DAYS * 24 * 60 * 60 * 1000;

describe('messages.rules', () => {
  it('the window: open while accepted, open until exactly 30 days after the review, closed from then on', () => {
    const now = new Date();
    expect(conversationState({ status: 'pending', reviewedAt: null }, now)).toBe('not_open');
    expect(conversationState({ status: 'accepted', reviewedAt: null }, now)).toBe('open');
    expect(closesAt(reviewed)?.getTime()).toBe(reviewedAt.getTime() + window);
    expect(conversationState(reviewed, new Date(reviewedAt.getTime() + window - 1))).toBe('open');
    expect(conversationState(reviewed, new Date(reviewedAt.getTime() + window))).toBe('closed');
    expect(conversationState({ status: 'reviewed', reviewedAt: null }, now)).toBe('closed');
  });

  it('who writes, and the reason each other reader is given', () => {
    const open = new Date(reviewedAt.getTime() + 1000);
    const late = new Date(reviewedAt.getTime() + window + 1000);
    expect(writeRefusal(VET, reviewed, open)).toBeNull();
    expect(writeRefusal(SPECIALIST, reviewed, open)).toBeNull();
    expect(writeRefusal(OTHER_VET, reviewed, open)?.message).toBe(CONVERSATION_READ_DENIED);
    expect(writeRefusal(OTHER_SPECIALIST, reviewed, open)?.code).toBe('FORBIDDEN');
    expect(writeRefusal(ADMIN, reviewed, open)?.message).toBe(ADMIN_READS_ONLY);
    expect(writeRefusal(VET, reviewed, late)).toMatchObject({ code: 'CONFLICT', message: CONVERSATION_CLOSED });
    expect(writeRefusal(SPECIALIST, { ...reviewed, status: 'pending' }, open)?.message).toBe(CONVERSATION_NOT_OPEN);
    // An unpaid case is the vet's own: its specialist is no reader at all.
    expect(writeRefusal(SPECIALIST, { ...reviewed, status: 'pending_payment' }, open)?.code).toBe('FORBIDDEN');
  });

  it('participants and counterparts', () => {
    expect(isParticipant(VET, reviewed)).toBe(true);
    expect(isParticipant(SPECIALIST, reviewed)).toBe(true);
    expect(isParticipant(ADMIN, reviewed)).toBe(false);
    expect(isParticipant(OTHER_SPECIALIST, reviewed)).toBe(false);
    expect(counterpartOf(VET, reviewed)).toBe(2);
    expect(counterpartOf(SPECIALIST, reviewed)).toBe(1);
    expect(counterpartOf(ADMIN, reviewed)).toBeNull();
  });

  it('subscription rules: readers get thread events; only the recipient side of a change gets activity', () => {
    const facts = { caseId: 9, uuid: 'u', vetId: 1, specialistId: 2, status: 'accepted', reviewedAt: null };
    const added = { ...facts, messageId: 7, authorId: 1, at: 0 };
    const read = { ...facts, userId: 2, lastReadMessageId: 7, at: 0 };
    expect([VET, SPECIALIST, ADMIN, OTHER_VET, null].map((a) => receivesConversationEvent(a, added))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([VET, SPECIALIST, ADMIN, OTHER_VET].map((a) => receivesConversationActivity(a, added))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([VET, SPECIALIST].map((a) => receivesConversationActivity(a, read))).toEqual([false, true]);
  });
});
