import fp from 'fastify-plugin';
import { pushService, type PushService } from '../push/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Release notifications (server/push/service.ts). */
    push: PushService;
  }
}

/**
 * app.push: the release notifications of server/push/ on this app's database,
 * repositories and clock; its workers and scheduler start when the app is
 * ready and stop with it.
 */
export default fp(
  async (app) => {
    const push = await pushService({
      db: app.db,
      dialect: app.dialect,
      config: app.config,
      repo: app.repos.push,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('push', push.service);
    app.addHook('onReady', () => push.start());
    app.addHook('onClose', () => push.stop());
  },
  { name: 'push' },
);
