import type { AuditEntry } from '../../core/console/schemas/admin.js';

/** The audit log's exports (the log itself: server/repos/console/audit.ts). */

const CSV_COLUMNS = ['id', 'at', 'actor_kind', 'actor_id', 'actor_name', 'action', 'target', 'before', 'after', 'address', 'user_agent'];

/** A CSV field: quoted when needed, and a leading =+-@ defused so a spreadsheet never runs it as a formula. */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(entries: AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) {
    const at = new Date(e.at * 1000).toISOString();
    lines.push(
      [e.id, at, e.actor.kind, e.actor.id, e.actor.name, e.action, e.target, e.before, e.after, e.address, e.userAgent]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const toJsonLines = (entries: AuditEntry[]) =>
  entries.map((e) => `${JSON.stringify({ ...e, time: new Date(e.at * 1000).toISOString() })}\n`).join('');
