/**
 * npm run console -- invite EMAIL --role owner [--role editor …] [--language ja …]
 * Prints a one-time enrolment link for the console (valid 24 h, single use).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { systemClock } from '../lib/clock.js';
import { isRole } from '../../core/console/roles.js';
import { createLink, linkBase, linkUrl } from '../console/invitations.js';
import { ConsoleProblem } from '../console/problems.js';
import { consoleRepos } from '../repos/console/index.js';

const HELP = `Usage: npm run console -- invite EMAIL --role ROLE [--role ROLE …] [--language CODE …]

Prints a one-time link (valid 24 hours, single use) with which EMAIL enrols
in the console: a password and a second factor (an authenticator app or a
passkey). Roles: owner, editor, localizer, moderator, analyst. Languages are
a localizer's (en, ja, …). The link's address is PUBLIC_URL; without it
http://localhost:PORT, and with NODE_ENV=production no link is made.
Environment: DATA_DIR, DATABASE_URL, PUBLIC_URL as for the server.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string', multiple: true }, language: { type: 'string', multiple: true }, help: { type: 'boolean' } },
  });
  const [command, email] = positionals;
  const roles = values.role ?? [];
  if (values.help || command !== 'invite' || !email || !/^[^@\s]+@[^@\s]+$/.test(email) || !roles.length) {
    console.log(HELP);
    return values.help ? 0 : 2;
  }
  const bad = roles.filter((r) => !isRole(r));
  if (bad.length) {
    console.error(`unknown role: ${bad.join(', ')}`);
    return 2;
  }
  const config = loadConfig();
  let base: string;
  try {
    base = linkBase(config);
  } catch (e) {
    if (!(e instanceof ConsoleProblem)) throw e;
    console.error(`no link made: ${e.detail}`);
    return 1;
  }
  const { db, close } = await openDb(config);
  try {
    if (await consoleRepos(db).staff.byEmail(email)) {
      console.error(`${email} is already a member: an owner resets their second factor in the console.`);
      return 1;
    }
    const now = systemClock.nowSec();
    const cli = { kind: 'anonymous', id: null, name: 'cli', address: 'localhost', userAgent: 'npm run console' } as const;
    // The link and its audit entry together, as the console's own writes are (server/console/write.ts).
    const l = await db.transaction().execute(async (trx) => {
      const repos = consoleRepos(trx);
      const l = await createLink(repos, { email, roles: roles.filter(isRole), languages: values.language ?? [], createdBy: null }, now);
      await repos.audit.add(cli, now, { action: 'invitation.create', target: `invitation:${l.id}`, after: { email, roles, via: 'cli' } });
      return l;
    });
    console.log(linkUrl(base, l.token));
    return 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
