/** The two databases the server runs on (server/db/index.ts opens one; migrations are written for both). */
export type Dialect = 'sqlite' | 'postgres';
