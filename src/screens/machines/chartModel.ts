import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { transitionKey } from './coverageModel';

/**
 * A machine read as a statechart for drawing and export: every state node
 * (type, entry/exit actions, invocations, tags, transitions without a target
 * shown inside the node) and every transition with a target (event, guard,
 * actions, delay). Pure data, no layout.
 */
export interface StateInfo {
  id: string;
  key: string;
  type: string;
  /** The initial child of its parent. */
  initial: boolean;
  /** A region of a parallel state. */
  region: boolean;
  /** Lines shown under the name: entry/exit actions, invocations, tags, internal transitions. */
  lines: string[];
  children: StateInfo[];
}

export interface TransitionInfo {
  id: string;
  source: string;
  target: string;
  event: string;
  /** The coverage key (tests/model/coverage.ts): "<source id> <event>#<index>". */
  key: string;
  guard: string;
  actions: string[];
  /** "event [guard] / actions" split into the lines drawn. */
  label: string[];
}

/** Name of an action, guard or actor source as written in the machine (inline functions by their name). */
function nameOf(x: unknown): string {
  if (!x) return '';
  if (typeof x === 'string') return x;
  if (typeof x === 'function') return x.name ? `${x.name}()` : 'inline';
  if (typeof x === 'object' && 'type' in x) return String(x.type);
  if (typeof x === 'object' && 'id' in x) return String(x.id);
  return 'inline';
}

/** "xstate.after.500.machine.state" as "after 500ms"; other events as they are. */
export function eventLabel(type: string): string {
  const m = /^xstate\.after\.(\w+)\./.exec(type);
  if (m) return /^\d+$/.test(m[1]) ? `after ${m[1]}ms` : `after ${m[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `done: ${done[1]}`;
  const err = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (err) return `error: ${err[1]}`;
  if (type === '') return 'always';
  return type;
}

interface TransitionDef {
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions?: readonly unknown[];
  eventType: string;
}

function transitionText(event: string, guard: string, actions: string[]): string[] {
  const head = `${eventLabel(event)}${guard ? ` [${guard}]` : ''}`;
  return actions.length ? [head, `/ ${actions.join(', ')}`] : [head];
}

function definitions(n: AnyStateNode): TransitionDef[] {
  const out: TransitionDef[] = [];
  for (const defs of n.transitions.values()) out.push(...(defs as unknown as TransitionDef[]));
  for (const d of (n.always ?? []) as unknown as TransitionDef[]) out.push({ ...d, eventType: '' });
  return out;
}

function stateInfo(n: AnyStateNode, transitions: TransitionInfo[]): StateInfo {
  const lines: string[] = [];
  const entry = (n.entry as unknown[]).map(nameOf);
  const exit = (n.exit as unknown[]).map(nameOf);
  if (entry.length) lines.push(`entry / ${entry.join(', ')}`);
  if (exit.length) lines.push(`exit / ${exit.join(', ')}`);
  for (const inv of n.invoke as Array<{ id: string; src: unknown }>) lines.push(`invoke ${nameOf(inv.src)}`);
  const tags = [...(n.tags as Iterable<string>)];
  if (tags.length) lines.push(`tags: ${tags.join(', ')}`);
  const seen = new Map<string, number>();
  for (const d of definitions(n)) {
    const guard = nameOf(d.guard);
    const actions = (d.actions ?? []).map(nameOf);
    const i = seen.get(d.eventType) ?? 0;
    seen.set(d.eventType, i + 1);
    if (!d.target?.length) {
      lines.push(transitionText(d.eventType, guard, actions).join(' '));
      continue;
    }
    for (const t of d.target)
      transitions.push({
        id: `${n.id}|${d.eventType || 'always'}|${i}|${t.id}`,
        source: n.id,
        target: t.id,
        event: d.eventType,
        key: transitionKey(n.id, d.eventType, i),
        guard,
        actions,
        label: transitionText(d.eventType, guard, actions),
      });
  }
  const parent = n.parent;
  return {
    id: n.id,
    key: n.parent ? n.key : n.machine.id,
    type: n.type,
    initial:
      !!parent && parent.type !== 'parallel' && (parent.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0] === n,
    region: parent?.type === 'parallel',
    lines,
    children: (Object.values(n.states ?? {}) as AnyStateNode[]).map((c) => stateInfo(c, transitions)),
  };
}

export function readMachine(machine: AnyStateMachine): { root: StateInfo; transitions: TransitionInfo[] } {
  const transitions: TransitionInfo[] = [];
  const root = stateInfo(machine.root, transitions);
  return { root, transitions };
}

function nodeJson(n: AnyStateNode): Record<string, unknown> {
  const states = Object.values(n.states ?? {}) as AnyStateNode[];
  const after = (n.after as Array<{ delay: unknown; eventType: string }>).map((a) => ({
    delay: nameOf(a.delay) || a.delay,
    event: a.eventType,
  }));
  return {
    id: n.id,
    key: n.key,
    type: n.type,
    ...(n.type === 'compound' ? { initial: (n.initial as { target?: readonly AnyStateNode[] }).target?.[0]?.key } : {}),
    entry: (n.entry as unknown[]).map(nameOf),
    exit: (n.exit as unknown[]).map(nameOf),
    invoke: (n.invoke as Array<{ id: string; src: unknown; systemId?: string }>).map((i) => ({
      id: i.id,
      src: nameOf(i.src),
      systemId: i.systemId,
    })),
    tags: [...(n.tags as Iterable<string>)],
    meta: n.meta ?? null,
    ...(after.length ? { after } : {}),
    on: definitions(n).map((d) => ({
      event: d.eventType || 'always',
      target: (d.target ?? []).map((t) => t.id),
      guard: nameOf(d.guard) || null,
      actions: (d.actions ?? []).map(nameOf),
    })),
    states: Object.fromEntries(states.map((c) => [c.key, nodeJson(c)])),
  };
}

/** The machine as JSON with every field: states with entry/exit, invoke, tags, meta, delays, and every transition's target, guard and actions. */
export function machineJson(machine: AnyStateMachine): string {
  const impl = machine.implementations as { actions?: object; guards?: object; actors?: object; delays?: object };
  return JSON.stringify(
    {
      id: machine.id,
      implementations: {
        actions: Object.keys(impl.actions ?? {}),
        guards: Object.keys(impl.guards ?? {}),
        actors: Object.keys(impl.actors ?? {}),
        delays: Object.keys(impl.delays ?? {}),
      },
      ...nodeJson(machine.root),
    },
    null,
    2,
  );
}

/** Every state id (breakpoints on entering one). */
export function stateKeysOf(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (n: StateInfo) => {
    out.push(n.id);
    n.children.forEach(walk);
  };
  walk(readMachine(machine).root);
  return out;
}

/** Every transition key with a target, once (breakpoints on taking one). */
export function transitionKeysOf(machine: AnyStateMachine): string[] {
  return [...new Set(readMachine(machine).transitions.map((x) => x.key))];
}
