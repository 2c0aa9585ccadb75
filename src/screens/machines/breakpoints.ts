import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { hits, type Breakpoint } from './breakpointRules';
import { microstepsOf, type Microstep } from './microsteps';
import { plain } from './plainJson';
import './paused.css';

/**
 * Breakpoints, both ends. In an app tab, each actor the inspector announces
 * (web/inspector.ts: every actor of the app is created with it) gets its
 * mailbox held: an event that hits a breakpoint is kept, not processed, and
 * so is every event after it, until the explorer says Step (process it, then
 * stop before the next one), Continue (process what waits, stopping again
 * only at a breakpoint) or Drop (forget it, then continue). When the held
 * event leads through more than one microstep (eventless transitions, raised
 * events), the tab computes them from the actor's snapshot (microsteps.ts)
 * and Step first walks them one by one, the actor still held; the step after
 * the last one (or Continue) lets XState apply the macrostep. The tab shows a
 * bar saying it is paused. In the explorer, the breakpoints set and what
 * each tab reports paused. Both talk over the recorder's BroadcastChannel.
 */
type BreakMessage =
  | { kind: 'breakpoints'; list: Breakpoint[] }
  | { kind: 'resume'; key: string; how: 'step' | 'continue' | 'drop' }
  | ({ kind: 'paused' } & Paused)
  | { kind: 'resumed'; key: string };

interface Paused {
  key: string;
  machineId: string;
  event: unknown;
  breakpoint: string | null;
  waiting: number;
  /** The state value before the held event. */
  value: unknown;
  /** The microsteps the held event leads through (null: not computed). */
  microsteps: Microstep[] | null;
  /** The next microstep's index (Step shows the one after it; after the last it applies them). */
  at: number;
}

type Post = (m: BreakMessage) => void;
let post: Post = () => {};
let breakpoints: Breakpoint[] = [];

/* ---- the app tab's side ---- */

interface Held {
  ref: AnyActorRef & { logic?: unknown };
  process: (e: unknown) => void;
  queue: Array<{ type: string }>;
  /** Stop before the next event whatever it is (after Step). */
  stepping: boolean;
  paused: boolean;
  /** While paused: the breakpoint that stopped it, the held event's microsteps and the next one's index. */
  hit: string | null;
  micro: Microstep[] | null;
  at: number;
}
const held = new Map<string, Held>();
let bar: HTMLElement | null = null;

function showBar() {
  const any = [...held.values()].find((h) => h.paused);
  if (!any) {
    bar?.remove();
    bar = null;
    return;
  }
  bar ??= document.body.appendChild(Object.assign(document.createElement('div'), { className: 'explorer-paused' }));
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'explorer-paused';
  bar.textContent = t('machines.pausedBar', { event: any.queue[0]?.type ?? '' });
}

/** Processes what waits until a breakpoint (or Step) stops it again. */
function drain(key: string, h: Held, skipCheckOnFirst: boolean) {
  let first = skipCheckOnFirst;
  while (h.queue.length) {
    const e = h.queue[0];
    const hit = first ? undefined : check(h, e);
    if (!first && (h.stepping || hit)) {
      h.paused = true;
      h.stepping = false;
      h.hit = hit?.id ?? null;
      const logic = h.ref.logic as AnyStateMachine | undefined;
      h.micro = logic && 'root' in logic ? microstepsOf(logic, h.ref.getSnapshot(), e) : null;
      h.at = 0;
      postPaused(key, h);
      showBar();
      return;
    }
    first = false;
    h.queue.shift();
    h.process(e);
  }
  h.paused = false;
  post({ kind: 'resumed', key });
  showBar();
}

function postPaused(key: string, h: Held) {
  const snap = h.ref.getSnapshot() as { value?: unknown };
  const event = plain(h.queue[0]);
  post({
    kind: 'paused',
    key,
    machineId: machineIdOf(h),
    event,
    breakpoint: h.hit,
    waiting: h.queue.length,
    value: plain(snap.value),
    microsteps: h.micro,
    at: h.at,
  });
}

const machineIdOf = (h: Held) => (h.ref.logic as { id?: string } | undefined)?.id ?? '?';

function check(h: Held, e: { type: string }): Breakpoint | undefined {
  const logic = h.ref.logic as AnyStateMachine | undefined;
  if (!logic || !('root' in logic) || !breakpoints.length) return undefined;
  return hits(logic, h.ref.getSnapshot() as never, e, breakpoints);
}

/** Holds an actor's mailbox (the app's actors only, never the explorer's own). */
export function holdActor(key: string, ref: AnyActorRef): void {
  const box = (ref as unknown as { mailbox?: { _process?: (e: unknown) => void } }).mailbox;
  if (held.has(key) || !box?._process) return;
  const h: Held = { ref, process: box._process, queue: [], stepping: false, paused: false, hit: null, micro: null, at: 0 };
  held.set(key, h);
  box._process = (e: unknown) => {
    const ev = e as { type: string };
    if (explorerTab) return h.process(e);
    // While paused everything waits, in order; XState's own events (stop, done, errors) never stop it.
    if (h.paused) h.queue.push(ev);
    else if (!ev.type.startsWith('xstate.') && (h.stepping || check(h, ev))) {
      h.queue.push(ev);
      drain(key, h, false);
    } else h.process(e);
  };
}

function resume(key: string, how: 'step' | 'continue' | 'drop') {
  const h = held.get(key);
  if (!h?.paused) return;
  // Step walks the held event's microsteps first: the actor stays held until the last one is stepped.
  if (how === 'step' && h.micro && h.at < h.micro.length - 1) {
    h.at += 1;
    postPaused(key, h);
    return;
  }
  h.paused = false;
  h.micro = null;
  if (how === 'drop') h.queue.shift();
  h.stepping = how === 'step';
  drain(key, h, how !== 'drop');
}

/* ---- the explorer's side ---- */

const pausedNow = new Map<string, Paused>();
let pausedList: Paused[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  pausedList = [...pausedNow.values()];
  for (const l of listeners) l();
};

export function setBreakpoints(list: Breakpoint[]): void {
  breakpoints = list;
  post({ kind: 'breakpoints', list });
  changed();
}
export const currentBreakpoints = () => breakpoints;
export function resumeActor(key: string, how: 'step' | 'continue' | 'drop'): void {
  post({ kind: 'resume', key, how });
}
export const pausedActors = () => pausedList;
export function onBreakpoints(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/* ---- both ---- */

let explorerTab = false;
/** This tab is the explorer: its own actors are never held. */
export function becomeExplorer(): void {
  explorerTab = true;
}

/** Wires the recorder's channel. */
export function initBreakpoints(send: Post): void {
  post = send;
}

/** The explorer tells a tab that opened after it which breakpoints are set. */
export function resendBreakpoints(): void {
  if (breakpoints.length) post({ kind: 'breakpoints', list: breakpoints });
}

/** Handles a breakpoint message from another tab (true: it was one). */
export function onBreakMessage(d: { kind: string }, isExplorer: boolean): boolean {
  const m = d as BreakMessage;
  if (m.kind === 'breakpoints') {
    if (!isExplorer) breakpoints = m.list;
  } else if (m.kind === 'resume') {
    if (!isExplorer) resume(m.key, m.how);
  } else if (m.kind === 'paused') {
    pausedNow.set(m.key, m);
    changed();
  } else if (m.kind === 'resumed') {
    pausedNow.delete(m.key);
    changed();
  } else return false;
  return true;
}
