import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own tools (pg_dump, pg_restore), newest installed first:
 * PG_BIN (a folder) wins; else Debian's /usr/lib/postgresql/<version>/bin;
 * else whatever is on PATH. pg_dump must be as new as the server.
 */
function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return path.join(env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0], 'bin', name) : name;
}

/** Runs a tool; its stderr becomes the error's message when it fails. */
function runTool(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(file)} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}

/** pg_dump in its custom format (compressed; pg_restore reads it): the whole database, without owners or grants. */
export const pgDump = (databaseUrl: string, file: string) =>
  runTool(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${databaseUrl}`]);

/** pg_restore into an (empty) database, stopping at the first error. */
export const pgRestore = (databaseUrl: string, file: string) =>
  runTool(pgTool('pg_restore'), ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
