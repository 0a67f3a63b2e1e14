import { z } from 'zod';
import { clinicAddressSchema } from './address';
import { text } from './text';
import { ROLES, SPECIALTIES } from './values';

// SPEC §5 "Login", "Registration", "Password reset request", "Reset password": the one copy of these
// rules, used by the web forms (zodResolver), the GraphQL validation plugin and the REST handlers.

const requiredString = (message: string) => text({ error: message }).trim().min(1, { error: message });

export const loginSchema = z.object({
  username: requiredString('Username is required'),
  password: text({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registrationFields = {
  username: text({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, { error: 'Username must be at least 3 characters' })
    .max(50, { error: 'Username must be at most 50 characters' }),
  password: text({ error: 'Password must be at least 6 characters' })
    .min(6, { error: 'Password must be at least 6 characters' })
    .max(200, { error: 'Password must be at most 200 characters' }),
  email: text({ error: 'Invalid email address' })
    .trim()
    .max(254, { error: 'Invalid email address' })
    .pipe(z.email({ error: 'Invalid email address' })),
  name: requiredString('Name is required').pipe(text().max(120, { error: 'Name is too long' })),
  role: z.enum(ROLES, { error: 'Role must be VETERINARIAN or SPECIALIST' }),
  specialty: text().trim().max(100).nullish(),
  clinicName: text().trim().max(200).nullish(),
  clinicAddress: text().trim().max(300).nullish(),
};

type RegistrationShape = {
  role: (typeof ROLES)[number];
  specialty?: string | null;
  clinicName?: string | null;
  clinicAddress?: string | null;
};

/** Role-dependent rules, attached to the right field so forms show them in place. */
function checkRoleFields(value: RegistrationShape, ctx: z.RefinementCtx) {
  if (value.role === 'SPECIALIST') {
    if (!value.specialty) {
      ctx.addIssue({ code: 'custom', path: ['specialty'], message: 'Specialty is required for specialist accounts' });
    } else if (!(SPECIALTIES as readonly string[]).includes(value.specialty)) {
      ctx.addIssue({ code: 'custom', path: ['specialty'], message: 'Please select a specialty' });
    }
  }
  if (value.role === 'VETERINARIAN') {
    if (!value.clinicName) {
      ctx.addIssue({
        code: 'custom',
        path: ['clinicName'],
        message: 'Clinic name and address are required for veterinarian accounts',
      });
    }
    if (!value.clinicAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['clinicAddress'],
        message: 'Clinic address is required for veterinarian accounts',
      });
    } else {
      const address = clinicAddressSchema.safeParse(value.clinicAddress);
      if (!address.success) {
        ctx.addIssue({ code: 'custom', path: ['clinicAddress'], message: address.error.issues[0]?.message ?? '' });
      }
    }
  }
}

/** The registration payload of SPEC §7 (what the server accepts). */
export const registerSchema = z.object(registrationFields).superRefine(checkRoleFields);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the payload plus the confirmation field. */
export const registerFormSchema = z
  .object({
    ...registrationFields,
    confirmPassword: text({ error: 'Confirm password is required' }).min(6, { error: 'Confirm password is required' }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" });
    }
    checkRoleFields(value, ctx);
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const passwordResetRequestSchema = z.object({
  email: text({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});

/** The reset page's rules (SPEC §5: the page uses 8 characters; the server enforces the same). */
export const resetPasswordSchema = z
  .object({
    token: text({ error: 'This password reset link is invalid or has expired.' }).min(1).max(200),
    password: text({ error: 'Password must be at least 8 characters' })
      .min(8, { error: 'Password must be at least 8 characters' })
      .max(200, { error: 'Password must be at most 200 characters' }),
    confirmPassword: text({ error: "Passwords don't match" }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });

/** Settings > Password: a real, authenticated change (the spec's client only showed a message). */
export const changePasswordSchema = z
  .object({
    currentPassword: text({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }),
    newPassword: text({ error: 'Password must be at least 8 characters' })
      .min(8, { error: 'Password must be at least 8 characters' })
      .max(200),
    confirmPassword: text({ error: "Passwords don't match" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
