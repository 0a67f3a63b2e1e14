import type { LoginInput, RegisterInput, UserFieldsFragment } from '../../gql/graphql';
import { apolloClient, restartSocket } from '../apollo-client';
import { serverErrorMessage } from '../graphql-errors';
import { loginMutation } from './login-mutation';
import { logoutMutation } from './logout-mutation';
import { meQuery } from './me-query';
import { registerMutation } from './register-mutation';

// The session's calls (SPEC §4 "Session"), through the one Apollo client. A chunk of its own, loaded by
// ./auth-context.tsx on first use (the session check on start), so that the sign-in page's first
// download holds neither Apollo nor the documents.

type Role = UserFieldsFragment['role'];

/** Who is signed in; a failed check means no user (SPEC §8). */
export async function checkSession(): Promise<UserFieldsFragment | null> {
  try {
    const result = await apolloClient.query({ query: meQuery, fetchPolicy: 'network-only' });
    return result.data?.me ?? null;
  } catch (error) {
    console.error('Session check failed', error);
    return null;
  }
}

/** After login or registration: the session cookie is set, so `me` now answers with the full user. */
async function startSession(): Promise<UserFieldsFragment> {
  restartSocket();
  const result = await apolloClient.query({ query: meQuery, fetchPolicy: 'network-only' });
  const user = result.data?.me;
  if (!user) throw new Error('The session could not be established. Please try again.');
  return user;
}

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** The server's refusal as an outcome (its message, or `fallback` when it has none); throws on anything else. */
function refused(error: unknown, what: string, fallback: string): { ok: false; message: string } {
  const message = serverErrorMessage(error);
  if (message === null) throw error;
  console.error(`${what} failed:`, message || fallback);
  return { ok: false, message: message || fallback };
}

/** Signs in and reads the full user (./auth-context.tsx then sets it). */
export async function login(input: LoginInput): Promise<CallOutcome<UserFieldsFragment>> {
  try {
    const result = await apolloClient.mutate({ mutation: loginMutation, variables: { input } });
    if (!result.data?.login) return { ok: false, message: 'Invalid credentials' };
    return { ok: true, value: await startSession() };
  } catch (error) {
    return refused(error, 'Login', 'Invalid credentials');
  }
}

/** Registers; a registrant who is signed in (all but a specialist pending approval) is then read through `me`. */
export async function register(
  input: RegisterInput,
): Promise<CallOutcome<{ role: Role; user: UserFieldsFragment | null }>> {
  try {
    const result = await apolloClient.mutate({ mutation: registerMutation, variables: { input } });
    const registered = result.data?.register;
    if (!registered) return { ok: false, message: 'Could not create account' };
    return { ok: true, value: { role: registered.user.role, user: registered.signedIn ? await startSession() : null } };
  } catch (error) {
    return refused(error, 'Registration', 'Could not create account');
  }
}

export async function logout(): Promise<void> {
  await apolloClient.mutate({ mutation: logoutMutation });
}

/** After sign-out: the socket reconnects without the cookie and nothing of the last user stays cached. */
export async function endSession(): Promise<void> {
  restartSocket();
  await apolloClient.clearStore();
}
