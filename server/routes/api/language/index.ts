import type { FastifyPluginAsync } from 'fastify';
import { sendEncoded } from '../../../lib/proto.js';

/** GET /api/language: default interface and content languages, and title counts. */
const route: FastifyPluginAsync = async (app) => {
  app.get('/', async (req, reply) => sendEncoded(req, reply, await app.services.languages()));
};
export default route;
