import { PostgresAdapter, type Kysely } from 'kysely';

/** The two databases the server runs on (server/db/index.ts opens one; migrations are written for both). */
export type Dialect = 'sqlite' | 'postgres';

/** Which of the two a Kysely instance talks to (for code handed only the database, such as the importer). */
export const dialectOf = <T>(db: Kysely<T>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
