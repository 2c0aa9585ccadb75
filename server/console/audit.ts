import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DB } from '../db/index.js';
import type { AuditEntry, AuditQuery } from '../../core/console/schemas/admin.js';

/**
 * The append-only audit log: rows are only inserted (the migration's
 * triggers refuse UPDATE and DELETE), inside the transaction of the write
 * they record when there is one.
 */
interface Actor {
  kind: 'member' | 'token' | 'anonymous';
  id: number | null;
  name: string;
}

export interface AuditEvent {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  /** Defaults to the request's principal. */
  actor?: Actor;
}

function actorOf(req: FastifyRequest): Actor {
  const p = req.staff;
  if (p?.kind === 'member') return { kind: 'member', id: p.member.id, name: p.member.email };
  if (p?.kind === 'token') return { kind: 'token', id: p.token.id, name: p.token.name };
  return { kind: 'anonymous', id: null, name: '' };
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function audit(db: Kysely<Database>, req: FastifyRequest, now: number, e: AuditEvent): Promise<void> {
  const actor = e.actor ?? actorOf(req);
  await db
    .insertInto('audit_log')
    .values({
      at: now,
      actor_kind: actor.kind,
      actor_id: actor.id,
      actor_name: actor.name,
      action: e.action,
      target: e.target,
      before: json(e.before),
      after: json(e.after),
      address: req.ip,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    })
    .execute();
}

/** A page of entries, newest first, filtered; `next` is the `before` of the next page. */
export async function listAudit(db: DB, q: AuditQuery, limit = 100): Promise<{ entries: AuditEntry[]; next: number | null }> {
  let s = db.selectFrom('audit_log').selectAll();
  if (q.member !== undefined) s = s.where('actor_kind', '=', 'member').where('actor_id', '=', q.member);
  if (q.action) s = s.where('action', '=', q.action);
  if (q.target) s = s.where('target', '=', q.target);
  if (q.from !== undefined) s = s.where('at', '>=', q.from);
  if (q.to !== undefined) s = s.where('at', '<', q.to);
  if (q.before !== undefined) s = s.where('id', '<', q.before);
  const rows = await s
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map((r) => ({
    id: r.id,
    at: Number(r.at),
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    action: r.action,
    target: r.target,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
    address: r.address,
    userAgent: r.user_agent,
  }));
  return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

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
