import { rolesAllow, isRole } from '../../core/console/roles';
import { ROUTE_ACCESS, type ConsoleRoute } from '../../core/console/routes';

/** Whether a member with these roles may call the route (the server decides; this only hides what it would refuse). */
export function reaches(route: ConsoleRoute, roles: readonly string[]): boolean {
  const access = ROUTE_ACCESS[route];
  if (access === 'public' || access === 'member') return true;
  return rolesAllow(access, roles.filter(isRole));
}
