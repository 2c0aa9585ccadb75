import type { Role } from '../../core/console/roles.js';
import type { StaffSessionTable } from '../db/schemaConsole.js';

/** Who a console API request comes from (set by the console scope, server/routes/console/api/autohooks.ts). */
export interface MemberRow {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  languages: string[];
  disabled: boolean;
}

export type Principal =
  | { kind: 'member'; member: MemberRow; session: Omit<StaffSessionTable, 'id'> & { id: number } }
  | { kind: 'token'; token: { id: number; name: string; roles: Role[] } };

/** The signed-in member of a member-only route, with their session (what the routes give the services). */
export type Me = MemberRow & { sessionId: number; reauthUntil: number };

declare module 'fastify' {
  interface FastifyRequest {
    staff: Principal | null;
  }
}
