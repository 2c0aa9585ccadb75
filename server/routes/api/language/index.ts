import type { FastifyPluginAsync } from 'fastify';
import { Language } from '../../../../src/gen/manga/v1/common_pb.js';
import { sendSuccess } from '../../../lib/proto.js';

/** GET /api/language: default interface and content languages, and counts. */
const route: FastifyPluginAsync = async (app) => {
  app.get('/api/language', async (req, reply) => {
    const rows = await app.db
      .selectFrom('titles')
      .select(['language', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('language')
      .orderBy('language')
      .execute();
    return sendSuccess(req, reply, {
      languages: {
        defaultUiLanguage: Language.ENGLISH,
        defaultContentLanguageOne: Language.ENGLISH,
        defaultContentLanguageTwo: Language.SPANISH,
        defaultContentLanguageThree: Language.FRENCH,
        availableLanguages: rows.map((r) => ({ language: r.language, titlesCount: Number(r.n) })),
      },
    });
  });
};
export default route;
