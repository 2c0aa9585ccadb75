import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { globalErrorMachine } from '../../machines/globalErrorMachine';
import { inspect } from '../../web/inspector';
import { onGlobalError } from '../api/loadErrors';
import NotFoundScreen from '../screens/errors/NotFoundScreen';
import BlockingScreen from '../screens/errors/BlockingScreen';
import MaintenanceScreen from '../screens/errors/MaintenanceScreen';

type GlobalErrorActor = ActorRefFrom<typeof globalErrorMachine>;
const Ctx = createContext<GlobalErrorActor | null>(null);

/**
 * Holds the one globalError actor: reportLoadError() feeds it, a route
 * change clears it. Mounted once at the top of the app.
 */
export function GlobalErrorProvider({ children }: { children: ReactNode }) {
  const [, , actor] = useMachine(globalErrorMachine, { inspect });
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => onGlobalError((kind) => actor.send({ type: 'error.reported', kind })), [actor]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'route.changed' });
  }, [location, actor]);
  return <Ctx.Provider value={actor}>{children}</Ctx.Provider>;
}

function useGlobalErrorActor(): GlobalErrorActor | null {
  return useContext(Ctx);
}

/** Shows the routed content, or the global error screen that replaces it. */
export function GlobalErrorOutlet({ children }: { children: ReactNode }) {
  const actor = useGlobalErrorActor();
  const state = useSelectorSafe(actor);
  if (state === 'maintenance') return <MaintenanceScreen />;
  if (state === 'geoBlocking') return <BlockingScreen />;
  if (state === 'default') return <NotFoundScreen />;
  return <>{children}</>;
}

function useSelectorSafe(actor: GlobalErrorActor | null): string {
  // The same subscription while the actor is: a new function at each render (the shell's, on every navigation)
  // would make React unsubscribe and subscribe again.
  const subscribe = useCallback(
    (cb: () => void) => {
      if (!actor) return () => {};
      const sub = actor.subscribe(cb);
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const value = () => (actor ? String(actor.getSnapshot().value) : 'none');
  return useSyncExternalStore(subscribe, value, value);
}
