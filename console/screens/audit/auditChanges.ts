/**
 * An audit entry's change as rows of field, before and after (the log keeps
 * each side as the JSON the write recorded: the record before and after, or
 * only one side where the write had only that to say: a creation, a removal,
 * an older entry or a sign-in). Records are compared field by field, one
 * level of nesting written as a dotted path (action.url, images.th); only
 * the fields whose value differs are rows. A field the "after" record does
 * not hold was not part of the change (an edit that sent only some fields),
 * so it is no row; one the "before" record lacks is new.
 */
interface ChangeRow {
  /** The field's path ('' when a side is no record: a list of ids, a number). */
  field: string;
  before: unknown;
  after: unknown;
  /** Whether that side holds the field at all (a new field has no before). */
  hasBefore: boolean;
  hasAfter: boolean;
}

interface Change {
  rows: ChangeRow[];
  /** Which sides the entry recorded. */
  recorded: 'both' | 'before' | 'after' | 'none';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown) => v !== null && v !== undefined;

/** A record's fields, its nested records' fields one level down as dotted paths. */
function flatten(v: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, x] of Object.entries(v)) {
    if (isRecord(x) && Object.keys(x).length > 0) for (const [k2, y] of Object.entries(x)) out.set(`${k}.${k2}`, y);
    else out.set(k, x);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changeOf(before: unknown, after: unknown): Change {
  const recorded = present(before) ? (present(after) ? 'both' : 'before') : present(after) ? 'after' : 'none';
  if (recorded === 'none') return { rows: [], recorded };
  if ((present(before) && !isRecord(before)) || (present(after) && !isRecord(after))) {
    return { rows: [{ field: '', before, after, hasBefore: present(before), hasAfter: present(after) }], recorded };
  }
  const b = isRecord(before) ? flatten(before) : new Map<string, unknown>();
  const a = isRecord(after) ? flatten(after) : new Map<string, unknown>();
  // Both recorded: a field the after side does not hold was no part of the change.
  const fields = recorded === 'both' ? [...a.keys()] : [...new Set([...b.keys(), ...a.keys()])];
  const rows: ChangeRow[] = [];
  for (const field of fields) {
    if (recorded === 'both' && same(b.get(field), a.get(field))) continue;
    rows.push({ field, before: b.get(field), after: a.get(field), hasBefore: b.has(field), hasAfter: a.has(field) });
  }
  return { rows, recorded };
}
