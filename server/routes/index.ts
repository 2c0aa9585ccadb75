import type { FastifyPluginAsync } from 'fastify';
import language from './api/language/index.js';

/**
 * Every route module. The folder is the URL: /api/title_detailV3 lives in
 * ./api/title_detailV3/index.ts. Each module is a plugin registered here.
 */
const modules: FastifyPluginAsync[] = [language];

const routes: FastifyPluginAsync = async (app) => {
  for (const m of modules) await app.register(m);
};
export default routes;
