import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { LoginInput, RegisterInput, UserFieldsFragment } from '../../gql/graphql';
import { preloadApollo } from '../lazy-apollo';

// The session (SPEC §4 "Session"): checked once on start through `me`. The user lives in React state
// (not only in the Apollo cache) so that login, logout and the route guards change it in one render.
// The calls themselves (./session-calls.ts, through the one Apollo client) are a chunk loaded on start,
// beside the page: /auth shows its form without waiting for it (issue 17).

type SessionCalls = typeof import('./session-calls');
let calls: Promise<SessionCalls> | undefined;
/** The session's calls; a failed download is tried again by the next call. */
function sessionCalls(): Promise<SessionCalls> {
  calls ??= import('./session-calls').catch((error: unknown) => {
    calls = undefined;
    throw error;
  });
  return calls;
}

/** Starts downloading the session calls before the first render (main.tsx): the session check on start
 * then waits for one chunk fewer. */
export function preloadSessionCalls(): void {
  void sessionCalls().catch(() => undefined);
}

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
  const [session, setSession] = useState<{ loading: boolean; user: AuthUser | null }>({ loading: true, user: null });
  const [landingPath, setLandingPath] = useState<string | null>(null);

  /** Asks the server who is signed in; a failed check (or a failed download of the calls) leaves the user absent (SPEC §8). */
  const checkSession = useCallback(async (): Promise<AuthUser | null> => {
    try {
      const user = await (await sessionCalls()).checkSession();
      // A signed-in user's screens render inside the client's provider: fetch it beside the check.
      if (user) void preloadApollo().catch(() => undefined);
      return user;
    } catch (error) {
      console.error('Session check failed', error);
      return null;
    }
  }, []);

  useEffect(() => {
    let current = true;
    checkSession().then((user) => {
      if (current) setSession({ loading: false, user });
    });
    return () => {
      current = false;
    };
  }, [checkSession]);

  const signedIn = useCallback((user: AuthUser) => {
    void preloadApollo().catch(() => undefined);
    setLandingPath(homePathFor(user));
    setSession({ loading: false, user });
  }, []);

  const login = useCallback(
    async (input: LoginInput): Promise<LoginOutcome> => {
      const outcome = await (await sessionCalls()).login(input);
      if (!outcome.ok) return outcome;
      signedIn(outcome.value);
      return { ok: true, user: outcome.value };
    },
    [signedIn],
  );

  const register = useCallback(
    async (input: RegisterInput): Promise<RegisterOutcome> => {
      const outcome = await (await sessionCalls()).register(input);
      if (!outcome.ok) return outcome;
      const { role, user } = outcome.value;
      if (user) signedIn(user);
      return { ok: true, role, signedIn: user !== null };
    },
    [signedIn],
  );

  const logout = useCallback(async () => {
    let loaded: SessionCalls | undefined;
    try {
      loaded = await sessionCalls();
      await loaded.logout();
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      setLandingPath(null);
      setSession({ loading: false, user: null });
      await loaded?.endSession();
    }
  }, []);

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
