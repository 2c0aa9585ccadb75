import type { AuditEvent } from '../repos/console/audit.js';
import { consoleRepos, type ConsoleRepos } from '../repos/console/index.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { problems } from './problems.js';

/** What a write's steps are given: the repositories on its transaction, its time, and the audit log. */
export interface WriteTx {
  repos: ConsoleRepos;
  now: number;
  /** Records the change in the audit log, in the same transaction (by the actor unless the event names another). */
  audit: (e: AuditEvent) => Promise<void>;
}

/**
 * The console's one write: its steps in one transaction on repositories made
 * on it, each change audited inside it (a write that fails leaves neither row
 * nor entry), then — for a write readers see — every node told.
 */
export async function audited<T>(
  ctx: ConsoleCtx,
  actor: Actor,
  run: (tx: WriteTx) => Promise<T>,
  opts: { readersSee?: boolean } = {},
): Promise<T> {
  const now = ctx.clock.nowSec();
  const out = await ctx.db.transaction().execute((trx) => {
    const repos = consoleRepos(trx);
    return run({ repos, now, audit: (e) => repos.audit.add(actor, now, e) });
  });
  if (opts.readersSee ?? true) ctx.tellNodes();
  return out;
}

/**
 * A versioned row's change: the repository's update or delete matched on the
 * version the editor read; none matched (a stale version, a row gone
 * meanwhile) is a conflict.
 */
export function expectOne(r: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | number): void {
  const n = typeof r === 'number' ? r : Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0);
  if (n !== 1) throw problems.conflict();
}

const isEditor = (actor: Actor) => actor.roles.includes('owner') || actor.roles.includes('editor');

/** Whether the actor may write a language: editors (and the owner) every one, a localizer only theirs. */
export function mayWriteLanguage(actor: Actor, lang: string): boolean {
  return isEditor(actor) || actor.languages.includes(lang);
}

/**
 * Roles per field: an editor (or the owner) changes every field of a record;
 * anyone else (a localizer) only its texts. A non-text field sent with a new
 * value is refused (403 `field-forbidden`, its path named); one sent as it
 * already is changes nothing and passes (a form that sends every field).
 */
export function checkTextFields<T extends object>(actor: Actor, texts: readonly (keyof T)[], patch: Partial<T>, current: T): void {
  if (isEditor(actor)) return;
  for (const [field, value] of Object.entries(patch) as [keyof T & string, unknown][]) {
    if (field === 'version' || value === undefined || texts.includes(field) || value === current[field]) continue;
    throw problems.fieldForbidden(field, `Only an editor changes ${field}: a localizer changes the texts of their languages.`);
  }
}
