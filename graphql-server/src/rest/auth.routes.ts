import {
  changePasswordSchema,
  INVALID_RESET_LINK,
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resetPasswordSchema,
} from '@vetconsult/schema/auth';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toUserView } from '../domain/users/user.view';
import { cookieWriter, requestInfo } from '../http/session';
import { badInput } from '../lib/errors';
import type { Services } from '../services';
import { defineRoute, messageBodySchema } from './contract';
import { userViewSchema } from './views/user.view';

// SPEC §7 "Authentication": thin wrappers over the auth service, with the spec's payloads.

const tag = 'Authentication';
const user = (description: string) => ({ description, json: userViewSchema });
const message = (description: string) => ({ description, json: messageBodySchema });

export function registerAuthRoutes(app: FastifyInstance, deps: { services: Services; secureCookies: boolean }) {
  const { auth } = deps.services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/auth/check',
      tag,
      summary: 'The signed-in user',
      access: 'signed-in',
      responses: { 200: user('The caller.') },
    },
    async (request) => toUserView(await auth.currentUser(request.actor)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login',
      tag,
      summary: 'Sign in',
      description: 'Sets the session cookie (30 days with rememberMe, else for the browser session).',
      access: 'public',
      body: { json: loginSchema },
      responses: { 200: user('Signed in.') },
      errors: [401, 429],
    },
    async (request, reply) => {
      const result = await auth.login(request.body, requestInfo(request));
      if (result.sessionToken)
        cookieWriter(reply, deps.secureCookies).setSession(result.sessionToken, result.persistent);
      return toUserView(result.user);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/register',
      tag,
      summary: 'Create an account',
      description: 'A veterinarian is signed in at once; a specialist waits for an administrator’s approval.',
      access: 'public',
      body: { json: registerSchema },
      responses: { 201: user('Created.') },
      errors: [409],
    },
    async (request, reply) => {
      const result = await auth.register(request.body, requestInfo(request));
      if (result.sessionToken) cookieWriter(reply, deps.secureCookies).setSession(result.sessionToken, false);
      reply.status(201);
      return toUserView(result.user);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/logout',
      tag,
      summary: 'Sign out',
      description: 'Ends the session and clears its cookie, whether or not one was sent.',
      access: 'public',
      responses: { 200: message('Signed out.') },
    },
    async (request, reply) => {
      await auth.logout(request.sessionToken);
      cookieWriter(reply, deps.secureCookies).clearSession();
      return { message: 'Logged out' };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/password-reset-request',
      tag,
      summary: 'Ask for a password reset e-mail',
      description: 'The same answer whether or not an account has this address.',
      access: 'public',
      body: { json: passwordResetRequestSchema },
      responses: { 200: message('Sent, if the account exists.') },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body);
      return { message: 'If an account exists for this email, a password reset link has been sent.' };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/validate-reset-token/:token',
      tag,
      summary: 'Check a password reset link',
      access: 'public',
      params: z.object({ token: z.string().describe('The token of the reset link.') }),
      responses: { 200: { description: 'The link is valid.', json: z.object({ valid: z.literal(true) }) } },
      errors: [400],
    },
    async (request) => {
      if (!(await auth.isResetTokenValid(request.params.token))) throw badInput(INVALID_RESET_LINK, 'token');
      return { valid: true as const };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reset-password',
      tag,
      summary: 'Set a new password with a reset link',
      access: 'public',
      body: { json: resetPasswordSchema },
      responses: { 200: message('Changed; every session of the account is ended.') },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: 'Password reset successful' };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/change-password',
      tag,
      summary: 'Change the password',
      access: 'signed-in',
      body: { json: changePasswordSchema },
      responses: { 200: message('Changed.') },
    },
    async (request) => {
      await auth.changePassword(request.actor, request.body);
      return { message: 'Password changed' };
    },
  );
}
