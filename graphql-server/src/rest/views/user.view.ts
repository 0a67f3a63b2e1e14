import { z } from 'zod';
import type { UserView } from '../../domain/users/user.view';
import type { SameShape } from '../contract';

// The user object of the REST door as a schema (the view itself, toUserView, is shared with the domain).

export const userViewSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['VETERINARIAN', 'SPECIALIST', 'ADMIN']),
    specialty: z.string().nullable(),
    clinicName: z.string().nullable(),
    clinicAddress: z.string().nullable(),
    profilePhotoUrl: z.string().nullable(),
    timezone: z.string(),
    approved: z.boolean(),
    stripeCustomerId: z.string().nullable(),
    stripeCustomerSynced: z.boolean(),
    onboardingCompleted: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });

/** Fails typecheck when toUserView and its schema part ways. */
export type UserViewMatches = SameShape<z.infer<typeof userViewSchema>, UserView> extends true ? true : never;
export const userViewMatches: UserViewMatches = true;
