import type { AuditEntry, AuditQuery } from '../../../core/console/schemas/admin.js';
import type { DB } from '../../db/index.js';

/** Who did something in the console, and from where: a value the routes make from the request (server/console/actor.ts). */
export interface AuditActor {
  kind: 'member' | 'token' | 'anonymous';
  id: number | null;
  name: string;
  address: string;
  userAgent: string;
}

/** One entry: what was done to what, the states before and after (any JSON), and by whom when not the caller. */
export interface AuditEvent {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  /** Another actor than the one writing (a first owner's enrolment, a sign-in's unknown member). */
  actor?: Omit<AuditActor, 'address' | 'userAgent'>;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * The append-only audit log: rows are only inserted (the migration's
 * triggers refuse UPDATE and DELETE), inside the transaction of the write
 * they record when there is one (give this repository the transaction).
 */
export function auditRepo(db: DB) {
  return {
    async add(actor: AuditActor, now: number, e: AuditEvent): Promise<void> {
      const who = e.actor ?? actor;
      await db
        .insertInto('audit_log')
        .values({
          at: now,
          actor_kind: who.kind,
          actor_id: who.id,
          actor_name: who.name,
          action: e.action,
          target: e.target,
          before: json(e.before),
          after: json(e.after),
          address: actor.address,
          user_agent: actor.userAgent.slice(0, 300),
        })
        .execute();
    },

    /** A page of entries, newest first, filtered; `next` is the `before` of the next page. */
    async list(q: AuditQuery, limit = 100): Promise<{ entries: AuditEntry[]; next: number | null }> {
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
    },
  };
}
