/**
 * The session as the screens see it: its state, the signed-in member, and what a screen may ask
 * of it. The shell makes it (app/session.tsx: the session machine and its effects) and provides it
 * around the screens.
 */
import { createContext, useContext } from 'react';
import type { ConsoleMember } from '../../machines/console/sessionMachine';

export interface SessionApi {
  state: 'checking' | 'active' | 'signingOut' | 'expired' | 'signedOut';
  member: ConsoleMember | null;
  /** After a sign-in or enrolment: reads the new session. */
  refresh: () => void;
  signOut: () => void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The signed-in member, for screens shown only while active. */
export function useMember(): ConsoleMember {
  const m = useSession().member;
  if (!m) throw new Error('no member');
  return m;
}

export const SessionProvider = SessionContext.Provider;
