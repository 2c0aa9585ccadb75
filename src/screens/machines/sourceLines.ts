/**
 * Where a state or transition is written in its machine's source file:
 * the state's key followed down from the root ("pointer: {" then
 * "idle: {"), then the event's key inside it ("'drag.end':", "always:",
 * "after:", "onDone:", "onError:"), or the state's own line when the
 * transition is written elsewhere. Line numbers start at 1; 0 when not found.
 */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function findFrom(lines: string[], from: number, re: RegExp): number {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i])) return i;
  return -1;
}

/** A key at the start of a line (states), or anywhere after a brace, comma or space (events, often inline). */
function keyRe(key: string, inline = false): RegExp {
  return new RegExp(`${inline ? '(^|[\\s{,])' : '^(\\s*)'}(['"]?)${esc(key)}\\2\\s*:`);
}

function stateIndex(lines: string[], stateId: string): number {
  const keys = stateId.split('.').slice(1);
  let at = Math.max(0, findFrom(lines, 0, /createMachine\(/));
  for (const k of keys) {
    const next = findFrom(lines, at + 1, keyRe(k));
    if (next < 0) return -1;
    at = next;
  }
  return at;
}

export function stateLine(source: string, stateId: string): number {
  return stateIndex(source.split('\n'), stateId) + 1;
}

export function transitionLine(source: string, stateId: string, event: string): number {
  const lines = source.split('\n');
  const at = stateIndex(lines, stateId);
  if (at < 0) return 0;
  const key = event.startsWith('xstate.after.')
    ? 'after'
    : event.startsWith('xstate.done.actor.')
      ? 'onDone'
      : event.startsWith('xstate.error.actor.')
        ? 'onError'
        : event === ''
          ? 'always'
          : event;
  const found = findFrom(lines, at, keyRe(key, true));
  // Transitions built elsewhere (a shared object spread in) link to their state.
  return (found < 0 ? at : found) + 1;
}
