import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@vetconsult/schema/auth';

// The sign-in form's validation, with zod: a chunk of its own, loaded right after /auth shows
// (components/login-form.tsx), so that the page's first download does not wait for zod.

export const loginResolver = zodResolver(loginSchema);
