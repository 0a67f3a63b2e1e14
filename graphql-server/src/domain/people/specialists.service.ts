import { findOverlappingSlot, OVERLAP_MESSAGE, sortSlots } from '@vetconsult/schema/availability';
import {
  createAvailabilitySchema,
  specialistQuestionSchema,
  specialistQuestionUpdateSchema,
} from '@vetconsult/schema/people';
import { isRowId } from '@vetconsult/schema/values';
import type { Availability, SpecialistQuestion } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import { badInput, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { parseInput } from '../../lib/validation';
import { type Actor, requireActor, requireRole } from '../actor';
import { isAvailableAt, nextAvailableStart } from './availability.rules';

// The specialist directory of the consult form, weekly availability and specialist questions.

export interface SpecialistsServiceDeps {
  db: Db;
  events: EventBus;
  now?: () => Date;
}

/** SPEC §3 "Specialist list item", plus the ISO instant behind the display text. */
export interface SpecialistListItem {
  id: number;
  name: string;
  specialty: string | null;
  timezone: string;
  isAvailable: boolean;
  /** e.g. 'Mon, Mar 9, 9:00 AM PDT' in the specialist's zone; null when no availability is set. */
  nextAvailable: string | null;
  nextAvailableAt: string | null;
}

/** What a veterinarian sees of a specialist's extra question. */
export interface PublicSpecialistQuestion {
  id: number;
  questionText: string;
  required: boolean;
}

export const SPECIALIST_NOT_FOUND = 'Specialist not found';
const SLOT_NOT_FOUND = 'Availability slot not found';
const QUESTION_NOT_FOUND = 'Question not found';

const requireSpecialist = (actor: Actor | null): Actor =>
  requireRole(actor, 'SPECIALIST', 'Only specialists can manage availability and questions');

function parseId(value: unknown, message: string): number {
  const id = typeof value === 'number' ? value : Number(value);
  if (!isRowId(id)) throw notFound(message);
  return id;
}

export function createSpecialistsService(deps: SpecialistsServiceDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());

  function publishAvailability(specialistId: number) {
    events.publish('specialist.changed', { specialistId, kind: 'availability', at: Date.now() });
  }

  return {
    /** Approved specialists (of one specialty when given), with availability evaluated at this instant. */
    async directory(actor: Actor | null, specialty?: string | null): Promise<SpecialistListItem[]> {
      requireActor(actor);
      const specialists = await db.user.findMany({
        where: { role: 'SPECIALIST', approved: true, ...(specialty ? { specialty } : {}) },
        select: {
          id: true,
          name: true,
          specialty: true,
          timezone: true,
          availability: { select: { dayOfWeek: true, startTime: true, endTime: true } },
        },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      });
      const instant = now();
      return specialists.map((specialist) => {
        const next = nextAvailableStart(specialist.availability, specialist.timezone, instant);
        return {
          id: specialist.id,
          name: specialist.name,
          specialty: specialist.specialty,
          timezone: specialist.timezone,
          isAvailable: isAvailableAt(specialist.availability, specialist.timezone, instant),
          nextAvailable: next?.display ?? null,
          nextAvailableAt: next?.at ?? null,
        };
      });
    },

    /** A specialist's weekly slots, sorted by day and start time: for the specialist themself or an admin. */
    async listAvailability(actor: Actor | null, specialistIdInput: unknown): Promise<Availability[]> {
      const who = requireActor(actor);
      const specialistId = parseId(specialistIdInput, SPECIALIST_NOT_FOUND);
      if (who.role !== 'ADMIN' && who.id !== specialistId) {
        throw forbidden('You can only view your own availability');
      }
      const slots = await db.availability.findMany({ where: { specialistId } });
      return sortSlots(slots);
    },

    async addAvailability(actor: Actor | null, input: unknown): Promise<Availability> {
      const specialist = requireSpecialist(actor);
      const slot = parseInput(createAvailabilitySchema, input);
      if (slot.specialistId !== undefined && slot.specialistId !== specialist.id) {
        throw forbidden('You can only set your own availability');
      }
      const created = await db.$transaction(async (tx) => {
        // Lock the specialist's row so two concurrent adds cannot both pass the overlap check.
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${specialist.id} FOR UPDATE`;
        const sameDay = await tx.availability.findMany({
          where: { specialistId: specialist.id, dayOfWeek: slot.dayOfWeek },
        });
        if (findOverlappingSlot(slot, sameDay)) throw badInput(OVERLAP_MESSAGE, 'startTime');
        return tx.availability.create({
          data: {
            specialistId: specialist.id,
            dayOfWeek: slot.dayOfWeek,
            startTime: slot.startTime,
            endTime: slot.endTime,
          },
        });
      });
      publishAvailability(specialist.id);
      return created;
    },

    async deleteAvailability(actor: Actor | null, slotIdInput: unknown): Promise<Availability> {
      const specialist = requireSpecialist(actor);
      const id = parseId(slotIdInput, SLOT_NOT_FOUND);
      const slot = await db.availability.findUnique({ where: { id } });
      if (!slot) throw notFound(SLOT_NOT_FOUND);
      if (slot.specialistId !== specialist.id) throw forbidden('You can only remove your own availability');
      await db.availability.deleteMany({ where: { id, specialistId: specialist.id } });
      publishAvailability(specialist.id);
      return slot;
    },

    /** The active questions of a chosen (approved) specialist, as shown on the consult form. */
    async activeQuestions(actor: Actor | null, specialistIdInput: unknown): Promise<PublicSpecialistQuestion[]> {
      requireActor(actor);
      const specialistId = parseId(specialistIdInput, SPECIALIST_NOT_FOUND);
      return db.specialistQuestion.findMany({
        where: { specialistId, active: true, specialist: { role: 'SPECIALIST', approved: true } },
        select: { id: true, questionText: true, required: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
    },

    /** Every question of the signed-in specialist, active or not. */
    async myQuestions(actor: Actor | null): Promise<SpecialistQuestion[]> {
      const specialist = requireSpecialist(actor);
      return db.specialistQuestion.findMany({
        where: { specialistId: specialist.id },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
    },

    async createQuestion(actor: Actor | null, input: unknown): Promise<SpecialistQuestion> {
      const specialist = requireSpecialist(actor);
      const question = parseInput(specialistQuestionSchema, input);
      const { specialty } = await db.user.findUniqueOrThrow({
        where: { id: specialist.id },
        select: { specialty: true },
      });
      if (!specialty) throw badInput('Set your specialty before adding questions', 'specialty');
      return db.specialistQuestion.create({ data: { ...question, specialistId: specialist.id, specialty } });
    },

    async updateQuestion(actor: Actor | null, questionIdInput: unknown, input: unknown): Promise<SpecialistQuestion> {
      const specialist = requireSpecialist(actor);
      const id = parseId(questionIdInput, QUESTION_NOT_FOUND);
      const changes = parseInput(specialistQuestionUpdateSchema, input);
      await ownQuestion(specialist, id);
      return db.specialistQuestion.update({ where: { id }, data: changes });
    },

    async deleteQuestion(actor: Actor | null, questionIdInput: unknown): Promise<SpecialistQuestion> {
      const specialist = requireSpecialist(actor);
      const id = parseId(questionIdInput, QUESTION_NOT_FOUND);
      const question = await ownQuestion(specialist, id);
      // Answers already given live on their cases (with the question text), so removal is safe.
      await db.specialistQuestion.deleteMany({ where: { id, specialistId: specialist.id } });
      return question;
    },
  };

  async function ownQuestion(specialist: Actor, id: number): Promise<SpecialistQuestion> {
    const question = await db.specialistQuestion.findUnique({ where: { id } });
    if (!question) throw notFound(QUESTION_NOT_FOUND);
    if (question.specialistId !== specialist.id) throw forbidden('You can only change your own questions');
    return question;
  }
}

export type SpecialistsService = ReturnType<typeof createSpecialistsService>;
