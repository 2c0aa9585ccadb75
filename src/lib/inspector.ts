import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The one inspector every actor of the app is created with
 * (`useMachine(machine, { inspect })`, `createActor(machine, { inspect })`),
 * so the machine explorer (/machines) can show the live actors: those of
 * this tab, and through a BroadcastChannel those of the app's other tabs.
 */
type Listener = (e: InspectionEvent) => void;
const listeners = new Set<Listener>();

export interface LiveActor {
  /** Unique per actor and tab. */
  key: string;
  machineId: string;
  value: unknown;
  context: unknown;
  status: string;
  tab: string;
  updated: number;
}

const TAB = Math.random().toString(36).slice(2, 8);
const CHANNEL = 'manga-machine-explorer';
const live = new Map<string, LiveActor>();
const liveListeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

/** JSON-safe copy of a context (drops functions, actor refs, cycles; keeps it small). */
function plain(v: unknown): unknown {
  const seen = new WeakSet();
  try {
    return JSON.parse(
      JSON.stringify(v, (_k, x: unknown) => {
        if (typeof x === 'function') return undefined;
        if (typeof x === 'bigint') return String(x);
        if (x && typeof x === 'object') {
          if (seen.has(x)) return undefined;
          seen.add(x);
          if ('sessionId' in x && 'send' in x) return `[actor ${(x as AnyActorRef).id}]`;
        }
        return x;
      }) ?? 'null',
    );
  } catch {
    return null;
  }
}

function publish(a: LiveActor, broadcast: boolean) {
  if (a.status === 'stopped') live.delete(a.key);
  else live.set(a.key, a);
  liveSnapshot = [...live.values()];
  for (const l of liveListeners) l();
  if (broadcast) channel?.postMessage(a);
}

let liveSnapshot: LiveActor[] = [];

function track(e: InspectionEvent) {
  if (e.type !== '@xstate.snapshot' && e.type !== '@xstate.actor') return;
  const ref = e.actorRef as AnyActorRef & { logic?: { id?: string; root?: unknown } };
  const logic = ref.logic;
  if (!logic || !('root' in logic)) return; // machines only
  let snap: { value?: unknown; context?: unknown; status?: string } | undefined;
  try {
    // An actor announced before it starts may have no snapshot yet.
    snap = (e.type === '@xstate.snapshot' ? e.snapshot : ref.getSnapshot()) as typeof snap;
  } catch {
    snap = undefined;
  }
  if (!snap) return;
  publish(
    {
      key: `${TAB}:${ref.sessionId}`,
      machineId: logic.id ?? '?',
      value: snap.value,
      context: plain(snap.context),
      status: snap.status ?? 'active',
      tab: TAB,
      updated: Date.now(),
    },
    true,
  );
}

let tracking = false;
/** Starts keeping the live-actor list (the explorer, and every tab so other tabs can see it). */
export function startTracking(): void {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (m: MessageEvent<LiveActor | { type: 'hello' }>) => {
      const d = m.data;
      if ('type' in d) {
        // A new explorer asks: tell it about ours.
        for (const a of live.values()) if (a.tab === TAB) channel?.postMessage(a);
      } else publish(d, false);
    };
    channel.postMessage({ type: 'hello' });
  }
  window.addEventListener('pagehide', () => {
    for (const a of live.values()) if (a.tab === TAB) channel?.postMessage({ ...a, status: 'stopped' });
  });
}

export function inspect(e: InspectionEvent): void {
  if (tracking) track(e);
  for (const l of listeners) l(e);
}

export function addInspectionListener(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function liveActors(): LiveActor[] {
  return liveSnapshot;
}

export function onLiveActors(l: () => void): () => void {
  liveListeners.add(l);
  return () => liveListeners.delete(l);
}

export const thisTab = TAB;
