import fp from 'fastify-plugin';
import { chapterEvents } from '../lib/events.js';
import { localNotices, pgNotices, type Notices } from '../cluster/notices.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Change notices between the nodes of a deployment (server/cluster/notices.ts). */
    notices: Notices;
  }
}

/**
 * app.notices: on PostgreSQL every node LISTENs for what the others changed
 * (the services drop their cached views and catalog snapshot on it); on
 * SQLite the notices stay in this process. A published chapter heard from
 * any node (an import run elsewhere) is also emitted on chapterEvents here.
 */
export default fp(
  async (app) => {
    const notices =
      app.dialect === 'postgres' ? await pgNotices(app.config.databaseUrl, (msg, err) => app.log.warn({ err }, msg)) : localNotices();
    app.decorate('notices', notices);
    const off = notices.on((n) => {
      if (n.kind === 'published') chapterEvents.emit('published', { chapterId: n.chapterId, titleId: n.titleId });
    });
    app.addHook('onClose', async () => {
      off();
      await notices.close();
    });
  },
  { name: 'notices' },
);
