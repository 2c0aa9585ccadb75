import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { Access } from '../../core/console/roles.js';
import { Problem } from '../../core/console/schemas/common.js';
import type { Lifetimes } from './sessions.js';
import './principal.js';
import catalogPlugin from './catalog/plugin.js';
import { makeMailer, type Mailer } from '../mail/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a console API route (core/console/roles.ts ROUTE_ACCESS); none: nobody (fails closed). */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every console API route registered, with what it declares (the route × role tests read it). */
    consoleRoutes: { method: string; url: string; access: Access | undefined }[];
    consoleLifetimes: Lifetimes;
    /** Where invitation and reset mails go (server/mail/: SMTP_URL, else DATA_DIR/mail). */
    mailer: Mailer;
  }
}

const CONSOLE_API = '/console/api';

/**
 * What the console scope (server/routes/console/api/) needs from the root:
 * the OpenAPI document of its routes (@fastify/swagger sees routes
 * registered after it, so it comes before autoload; other routes are left
 * out of the document), the list of console routes, session lifetimes.
 */
export default fp(
  async (app) => {
    app.decorateRequest('staff', null);
    app.decorate('consoleLifetimes', { idle: app.config.consoleIdleMinutes * 60, absolute: app.config.consoleSessionHours * 3600 });
    const mailer = makeMailer(app.config, app.clock, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
    const routes: typeof app.consoleRoutes = [];
    app.decorate('consoleRoutes', routes);
    // The catalog's page jobs and release timers
    await app.register(catalogPlugin);
    app.addHook('onRoute', (r) => {
      if (!r.url.startsWith(`${CONSOLE_API}/`)) return;
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url, access: r.config?.access });
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Manga reader console API', version: '1' },
        servers: [{ url: CONSOLE_API }],
        components: {
          // Every failure's body (application/problem+json).
          // (TypeBox's optional additionalProperties does not fit openapi-types under exactOptionalPropertyTypes.)
          schemas: { Problem } as never,
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'console_session' },
            token: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: ({ schema, url }) => {
        if (!url.startsWith(`${CONSOLE_API}/`) || url === `${CONSOLE_API}/*`) return { schema: { ...schema, hide: true }, url };
        return { schema, url: url.slice(CONSOLE_API.length) };
      },
    });
  },
  { name: 'console' },
);
