import type { AnyActorRef, InspectionEvent } from 'xstate';
import { addInspectionListener } from '../../../web/inspector';
import { plain } from './plainJson';
import { becomeExplorer, holdActor, initBreakpoints, onBreakMessage, resendBreakpoints } from './breakpoints';

/**
 * The machine explorer's recorder: it listens to the app's inspector
 * (`web/inspector.ts`, which every actor is created with). While tracking
 * (every tab of the app where the explorer is on, and the explorer at
 * /machines) it records every actor (system id, parent, machine, input,
 * state, context), every event sent between actors (`@xstate.event`: source,
 * target, payload, time) and each actor's steps (event, source, state before
 * and after, context after), and shares them with the app's other tabs
 * through a BroadcastChannel, so the explorer sees the actors of every tab.
 */
/** One processed event of an actor: the snapshot it led to. */
interface Step {
  seq: number;
  time: number;
  event: { type: string } & Record<string, unknown>;
  /** Key of the actor that sent it; null when sent from outside any actor (the UI). */
  source: string | null;
  before: unknown;
  after: unknown;
  context: unknown;
}

export interface LiveActor {
  /** Unique per actor and tab. */
  key: string;
  tab: string;
  /** The actor's id (its invoke/spawn id, or its session id). */
  id: string;
  systemId: string | null;
  /** Key of the parent actor. */
  parent: string | null;
  /** The machine's id; for other actor logic (promises, callbacks) "actor". */
  machineId: string;
  input: unknown;
  value: unknown;
  context: unknown;
  status: string;
  updated: number;
  steps: Step[];
}

/** An event sent to an actor (the sequence diagram's arrows). */
export interface SentEvent {
  seq: number;
  time: number;
  source: string | null;
  target: string;
  type: string;
  event: unknown;
}

type Message =
  | { kind: 'hello' }
  | { kind: 'join' }
  | { kind: 'actor'; actor: LiveActor }
  | { kind: 'step'; key: string; step: Step; status: string }
  | { kind: 'status'; key: string; status: string }
  | { kind: 'sent'; sent: SentEvent };

const TAB = Math.random().toString(36).slice(2, 8);
const CHANNEL = 'manga-machine-explorer';
const MAX_STEPS = 400;
const MAX_SENT = 2000;
const NOTIFY_MS = 50;
const live = new Map<string, LiveActor>();
/** Every event sent, oldest first: appended in place; the explorer reads `sentSnapshot`, made once per notification. */
const sent: SentEvent[] = [];
let sentSnapshot: SentEvent[] = [];
const liveListeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
/** Whether an explorer has said hello: only then does this tab post what it records. */
let explorerListening = false;
/** This tab is an explorer (it asks other tabs, and tabs that open later, for their actors). */
let isExplorer = false;
const post = (m: Message) => {
  if (explorerListening) channel?.postMessage(m);
};
let seq = 0;
let liveSnapshot: LiveActor[] = [];
let notifyQueued = false;

function notify() {
  // Many snapshots arrive together (a whole viewer starting, each in its own message from
  // another tab): tell the listeners once per NOTIFY_MS, so a busy app renders the explorer
  // a few times a second instead of once per step. The lists the explorer reads are copied
  // then too, once per batch, not once per message (200 actors and 2,000 events each time).
  if (notifyQueued) return;
  notifyQueued = true;
  setTimeout(() => {
    notifyQueued = false;
    liveSnapshot = [...live.values()];
    sentSnapshot = [...sent];
    for (const l of liveListeners) l();
  }, NOTIFY_MS);
}

function put(a: LiveActor) {
  live.set(a.key, a);
  notify();
}

const sentIds = new Set<string>();
function addSent(s: SentEvent, broadcast: boolean) {
  // A tab answers every explorer's hello with all it has: each event is kept once.
  const id = `${s.target}#${s.seq}`;
  if (sentIds.has(id)) return;
  sentIds.add(id);
  if (sent.length >= MAX_SENT) sent.splice(0, sent.length - MAX_SENT / 2);
  sent.push(s);
  notify();
  if (broadcast) post({ kind: 'sent', sent: s });
}

const keyOf = (ref: { sessionId: string } | undefined) => (ref ? `${TAB}:${ref.sessionId}` : null);
/** The sender of the event each actor is processing (from `@xstate.event`, read by the next `@xstate.snapshot`). */
const pendingSource = new Map<string, { type: string; source: string | null }>();

type Ref = AnyActorRef & {
  logic?: { id?: string; root?: unknown };
  _parent?: AnyActorRef;
  systemId?: string;
  options?: { input?: unknown };
};

function register(ref: Ref): LiveActor {
  const key = keyOf(ref)!;
  const have = live.get(key);
  if (have) return have;
  // An actor started before tracking began (a module-level one) has a snapshot already.
  let snap: { value?: unknown; context?: unknown; status?: string } | undefined;
  try {
    snap = ref.getSnapshot() as typeof snap;
  } catch {
    snap = undefined;
  }
  const a: LiveActor = {
    key,
    tab: TAB,
    id: ref.id,
    systemId: ref.systemId ?? null,
    parent: keyOf(ref._parent),
    machineId: ref.logic && 'root' in ref.logic ? (ref.logic.id ?? '?') : 'actor',
    input: plain(ref.options?.input),
    value: plain(snap?.value ?? null),
    context: plain(snap?.context ?? null),
    status: snap?.status ?? 'active',
    updated: Date.now(),
    steps: [],
  };
  put(a);
  post({ kind: 'actor', actor: a });
  // An app tab's actors can be stopped at a breakpoint (breakpoints.ts); the explorer's own never are.
  if (a.machineId !== 'actor') holdActor(key, ref);
  ref.subscribe({
    error: () => stopped(key, 'error'),
    complete: () => stopped(key, 'stopped'),
  });
  return a;
}

function stopped(key: string, status: string) {
  const a = live.get(key);
  if (!a || a.status !== 'active') return;
  put({ ...a, status, updated: Date.now() });
  post({ kind: 'status', key, status });
}

function track(e: InspectionEvent) {
  const ref = e.actorRef as Ref;
  if (e.type === '@xstate.actor') {
    register(ref);
    return;
  }
  if (e.type === '@xstate.event') {
    const target = register(ref);
    const source = keyOf(e.sourceRef);
    const type = (e.event as { type: string }).type;
    pendingSource.set(target.key, { type, source });
    addSent({ seq: ++seq, time: Date.now(), source, target: target.key, type, event: plain(e.event) }, true);
    return;
  }
  if (e.type !== '@xstate.snapshot') return;
  const a = register(ref);
  const snap = e.snapshot as { value?: unknown; context?: unknown; status?: string; output?: unknown };
  const event = plain(e.event) as Step['event'];
  const pending = pendingSource.get(a.key);
  pendingSource.delete(a.key);
  const after = 'value' in snap ? plain(snap.value) : plain(snap.output ?? null);
  const context = plain(snap.context);
  const step: Step = {
    seq: ++seq,
    time: Date.now(),
    event,
    source: pending?.type === event.type ? pending.source : null,
    before: a.value,
    after,
    context,
  };
  const steps = a.steps.length >= MAX_STEPS ? [...a.steps.slice(1), step] : [...a.steps, step];
  const status = snap.status ?? 'active';
  put({ ...a, value: after, context, status, updated: step.time, steps });
  post({ kind: 'step', key: a.key, step, status });
}

let tracking = false;
/** Starts recording (every tab of the app, so the explorer can see it, and the explorer itself). */
export function startTracking(): void {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  addInspectionListener(track, { replayKept: true });
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    const ch = channel;
    initBreakpoints((m) => ch.postMessage(m));
    channel.onmessage = (m: MessageEvent<Message>) => {
      const d = m.data;
      if (onBreakMessage(d, isExplorer)) return;
      if (d.kind === 'join') {
        if (isExplorer) resendBreakpoints();
        // A tab of the app opened after this explorer: ask it too (and give it the breakpoints).
        if (isExplorer) channel?.postMessage({ kind: 'hello' } satisfies Message);
      } else if (d.kind === 'hello') {
        // A new explorer asks: tell it what this tab has recorded, and from now on each change.
        explorerListening = true;
        for (const a of live.values()) if (a.tab === TAB) post({ kind: 'actor', actor: a });
        for (const s of sent) if (s.target.startsWith(`${TAB}:`)) post({ kind: 'sent', sent: s });
      } else if (d.kind === 'actor') put(d.actor);
      else if (d.kind === 'step') {
        const a = live.get(d.key);
        if (a)
          put({
            ...a,
            value: d.step.after,
            context: d.step.context,
            status: d.status,
            updated: d.step.time,
            steps: [...a.steps, d.step].slice(-MAX_STEPS),
          });
      } else if (d.kind === 'status') {
        const a = live.get(d.key);
        if (a) put({ ...a, status: d.status });
      } else addSent(d.sent, false);
    };
    // An explorer already open answers with hello.
    channel.postMessage({ kind: 'join' } satisfies Message);
  }
  window.addEventListener('pagehide', () => {
    for (const a of live.values()) if (a.tab === TAB && a.status === 'active') stopped(a.key, 'stopped');
  });
}

/** The explorer asks every tab of the app for what it recorded, and for each change from then on. */
export function askOtherTabs(): void {
  startTracking();
  isExplorer = true;
  becomeExplorer();
  channel?.postMessage({ kind: 'hello' } satisfies Message);
}

export function liveActors(): LiveActor[] {
  return liveSnapshot;
}

/** Events sent between actors, oldest first (as of the last notification). */
export function sentEvents(): SentEvent[] {
  return sentSnapshot;
}

export function onLiveActors(l: () => void): () => void {
  liveListeners.add(l);
  return () => liveListeners.delete(l);
}

/** A recorded session as JSON (what the explorer saves and loads again). */
export interface Session {
  format: 'machine-explorer-session/1';
  actors: LiveActor[];
  sent: SentEvent[];
}

export function saveSession(): Session {
  return { format: 'machine-explorer-session/1', actors: [...live.values()], sent: [...sent] };
}

/** Loads a saved session beside what is live (its actors come from tabs that no longer run). */
export function loadSession(s: Session): void {
  if (s.format !== 'machine-explorer-session/1' || !Array.isArray(s.actors)) throw new Error('not a machine explorer session');
  for (const a of s.actors) live.set(a.key, { ...a, status: a.status === 'active' ? 'stopped' : a.status });
  for (const e of s.sent) sent.push(e);
  sent.sort((a, b) => a.time - b.time || a.seq - b.seq);
  notify();
}

export const thisTab = TAB;
