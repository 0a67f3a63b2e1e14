import { useApolloClient } from '@apollo/client/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { LoginInput, RegisterInput, UserFieldsFragment } from '../../gql/graphql';
import { restartSocket } from '../apollo-client';
import { serverErrorMessage } from '../graphql-errors';
import { loginMutation } from './login-mutation';
import { logoutMutation } from './logout-mutation';
import { meQuery } from './me-query';
import { registerMutation } from './register-mutation';

// The session (SPEC §4 "Session"): checked once on start through `me`. The user lives in React state
// (not only in the Apollo cache) so that login, logout and the route guards change it in one render.

export type AuthUser = UserFieldsFragment;

type Role = AuthUser['role'];

export type LoginOutcome = { ok: true; user: AuthUser } | { ok: false; message: string };
export type RegisterOutcome = { ok: true; role: Role; signedIn: boolean } | { ok: false; message: string };

interface AuthContextValue {
  user: AuthUser | null;
  /** True until the first session check has answered. */
  loading: boolean;
  /** Where a user who has just signed in or registered belongs (by role); null for a restored session. */
  landingPath: string | null;
  /** false-like outcome when the server refuses; throws on unexpected (network) errors. */
  login(input: LoginInput): Promise<LoginOutcome>;
  register(input: RegisterInput): Promise<RegisterOutcome>;
  /** Clears the user even when the call fails. */
  logout(): Promise<void>;
  /** Re-checks the session and replaces the user (e.g. after a profile change). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function homePathFor(user: Pick<AuthUser, 'role'>): string {
  return user.role === 'SPECIALIST' ? '/specialist-dashboard' : '/dashboard';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [session, setSession] = useState<{ loading: boolean; user: AuthUser | null }>({ loading: true, user: null });
  const [landingPath, setLandingPath] = useState<string | null>(null);

  /** Asks the server who is signed in; a failed check leaves the user absent (SPEC §8). */
  const checkSession = useCallback(async (): Promise<AuthUser | null> => {
    try {
      const result = await client.query({ query: meQuery, fetchPolicy: 'network-only' });
      return result.data?.me ?? null;
    } catch (error) {
      console.error('Session check failed', error);
      return null;
    }
  }, [client]);

  useEffect(() => {
    let current = true;
    checkSession().then((user) => {
      if (current) setSession({ loading: false, user });
    });
    return () => {
      current = false;
    };
  }, [checkSession]);

  /** After login or registration: the session cookie is set, so `me` now answers with the full user. */
  const startSession = useCallback(
    async (role: Role): Promise<AuthUser> => {
      restartSocket();
      const result = await client.query({ query: meQuery, fetchPolicy: 'network-only' });
      const user = result.data?.me;
      if (!user) throw new Error('The session could not be established. Please try again.');
      setLandingPath(homePathFor({ role }));
      setSession({ loading: false, user });
      return user;
    },
    [client],
  );

  const login = useCallback(
    async (input: LoginInput): Promise<LoginOutcome> => {
      try {
        const result = await client.mutate({ mutation: loginMutation, variables: { input } });
        const signedIn = result.data?.login;
        if (!signedIn) return { ok: false, message: 'Invalid credentials' };
        return { ok: true, user: await startSession(signedIn.role) };
      } catch (error) {
        const message = serverErrorMessage(error);
        if (message === null) throw error;
        console.error('Login failed:', message || 'Invalid credentials');
        return { ok: false, message: message || 'Invalid credentials' };
      }
    },
    [client, startSession],
  );

  const register = useCallback(
    async (input: RegisterInput): Promise<RegisterOutcome> => {
      try {
        const result = await client.mutate({ mutation: registerMutation, variables: { input } });
        const registered = result.data?.register;
        if (!registered) return { ok: false, message: 'Could not create account' };
        if (registered.signedIn) await startSession(registered.user.role);
        return { ok: true, role: registered.user.role, signedIn: registered.signedIn };
      } catch (error) {
        const message = serverErrorMessage(error);
        if (message === null) throw error;
        console.error('Registration failed:', message || 'Could not create account');
        return { ok: false, message: message || 'Could not create account' };
      }
    },
    [client, startSession],
  );

  const logout = useCallback(async () => {
    try {
      await client.mutate({ mutation: logoutMutation });
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      setLandingPath(null);
      setSession({ loading: false, user: null });
      restartSocket();
      await client.clearStore();
    }
  }, [client]);

  const refresh = useCallback(async () => {
    const user = await checkSession();
    setSession({ loading: false, user });
  }, [checkSession]);

  const { user, loading } = session;
  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, landingPath, login, register, logout, refresh }),
    [user, loading, landingPath, login, register, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
