import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The publisher's console: staff apart from visitors, their
 * second factors and recovery codes, server-side sessions, invitations,
 * sign-in challenges, sign-in throttling, API tokens and the append-only
 * audit log (a trigger on each database refuses UPDATE and DELETE on it).
 */
export function console_(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = idTables(db, dialect);
      await staffTables(db, table);
      await signInTables(db, table);
      await auditLogTable(table);
      // A title's edit version: a console edit made on a stale copy is refused (409).
      await db.schema
        .alterTable('titles')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      // Append-only: no code path updates or deletes it, and the database refuses it too.
      await appendOnlyAuditLog(db, dialect);
    },
  };
}

/** A new table whose `id` the database numbers: serial on PostgreSQL, an autoincrementing integer on SQLite. */
const idTables = (db: Kysely<unknown>, dialect: Dialect) => (name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
type IdTable = ReturnType<typeof idTables>;

/** The staff, their second factors, recovery codes and sessions. */
async function staffTables(db: Kysely<unknown>, table: IdTable): Promise<void> {
  await table('staff_members')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table('staff_factors')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('credential_id', 'text')
    .addColumn('public_key', 'text')
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_factors_member').on('staff_factors').column('member_id').execute();
  await table('staff_recovery_codes')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_recovery_member').on('staff_recovery_codes').column('member_id').execute();
  await table('staff_sessions')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('reauth_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_member').on('staff_sessions').column('member_id').execute();
}

/** Signing in and calling in: invitations, challenges, throttling and API tokens. */
async function signInTables(db: Kysely<unknown>, table: IdTable): Promise<void> {
  await table('staff_invitations')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer')
    .addColumn('pending', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await table('staff_challenges')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('webauthn', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await table('console_tokens')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
}

/** The audit log, one row per change made from the console. */
async function auditLogTable(table: IdTable): Promise<void> {
  await table('audit_log')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
}

/** Triggers that refuse UPDATE and DELETE on the audit log (and TRUNCATE on PostgreSQL). */
async function appendOnlyAuditLog(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
          for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
