import { INVALID_RESET_LINK } from '@vetconsult/schema/auth';
import type { FastifyInstance } from 'fastify';
import { toUserView } from '../domain/users/user.view';
import { cookieWriter, requestInfo } from '../http/session';
import { badInput } from '../lib/errors';
import type { Services } from '../services';

// SPEC §7 "Authentication": thin wrappers over the auth service, with the spec's payloads.

export function registerAuthRoutes(app: FastifyInstance, deps: { services: Services; secureCookies: boolean }) {
  const { auth } = deps.services;

  app.get('/api/auth/check', async (request) => toUserView(await auth.currentUser(request.actor)));

  app.post('/api/auth/login', async (request, reply) => {
    const result = await auth.login(request.body, requestInfo(request));
    if (result.sessionToken) cookieWriter(reply, deps.secureCookies).setSession(result.sessionToken, result.persistent);
    return toUserView(result.user);
  });

  app.post('/api/auth/register', async (request, reply) => {
    const result = await auth.register(request.body, requestInfo(request));
    if (result.sessionToken) cookieWriter(reply, deps.secureCookies).setSession(result.sessionToken, false);
    return reply.status(201).send(toUserView(result.user));
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(request.sessionToken);
    cookieWriter(reply, deps.secureCookies).clearSession();
    return { message: 'Logged out' };
  });

  app.post('/api/password-reset-request', async (request) => {
    await auth.requestPasswordReset(request.body);
    return { message: 'If an account exists for this email, a password reset link has been sent.' };
  });

  app.get<{ Params: { token: string } }>('/api/validate-reset-token/:token', async (request) => {
    if (!(await auth.isResetTokenValid(request.params.token))) throw badInput(INVALID_RESET_LINK, 'token');
    return { valid: true };
  });

  app.post('/api/auth/reset-password', async (request) => {
    await auth.resetPassword(request.body);
    return { message: 'Password reset successful' };
  });

  app.post('/api/auth/change-password', async (request) => {
    await auth.changePassword(request.actor, request.body);
    return { message: 'Password changed' };
  });
}
