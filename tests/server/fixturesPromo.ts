import type { DB } from '../../server/db/index.js';
import { Language } from '../../core/gen/manga/v1/common_pb.js';
import { S, T } from './fixtureIds.js';

/** The fixture catalog's editorial rows (tests/server/fixtures.ts): banners, popups, featured lists, announcements, news, a survey. */
export async function seedPromo(db: DB, now: number): Promise<void> {
  const banner = (id: number, placement: string, extra: Partial<{ language: number; title_id: number; sort: number }> = {}) => ({
    id,
    placement,
    title_id: extra.title_id ?? 0,
    publisher_id: 0,
    language: extra.language ?? -1,
    image_url: `/img/b/${id}.webp`,
    width: 800,
    height: 200,
    action_method: 0,
    action_url: `/titles/${T.bladeEn}`,
    is_pr: 0,
    sort: extra.sort ?? id,
  });
  await db
    .insertInto('banners')
    .values([
      banner(1, 'home_top'),
      banner(2, 'home_top', { language: Language.SPANISH }),
      banner(10, 'featured_top'),
      banner(11, 'featured_top'),
      banner(12, 'featured_top'),
      banner(13, 'featured_top'),
      banner(20, 'featured', { sort: 1 }),
      banner(30, 'ranking'),
      banner(40, 'title', { title_id: T.bladeEn }),
      banner(41, 'title'),
      banner(42, 'title', { title_id: T.catsEn }),
      banner(50, 'viewer_insert'),
      banner(51, 'viewer_list'),
      banner(52, 'last_page'),
      banner(60, 'search_top'),
    ])
    .execute();
  await db
    .insertInto('popups')
    .values([
      {
        id: 1,
        placement: 'home',
        kind: 'one_image',
        language: -1,
        subject: '',
        body: '',
        image_url: '/img/pop/1.webp',
        action_method: 0,
        action_url: '/featured',
        series_id: 0,
      },
      {
        id: 2,
        placement: 'rating',
        kind: 'app_default',
        language: -1,
        subject: 'Teen',
        body: 'For teens',
        image_url: '',
        action_method: 0,
        action_url: '/rating/eng',
        series_id: S.blade,
      },
    ])
    .execute();
  await db
    .insertInto('featured_lists')
    .values([
      { id: 1, name: 'Fantasy', container_id: 7, kind: 'titles', sort: 2 },
      { id: 2, name: 'Top Picks', container_id: 8, kind: 'ranked', sort: 0 },
    ])
    .execute();
  await db
    .insertInto('featured_list_items')
    .values([
      { list_id: 1, series_id: S.blade, sort: 0 },
      { list_id: 1, series_id: S.zero, sort: 1 },
      { list_id: 2, series_id: S.cats, sort: 0 },
      { list_id: 2, series_id: S.blade, sort: 1 },
    ])
    .execute();
  await db
    .insertInto('announcements')
    .values([
      { id: 1, language: Language.ENGLISH, title: 'Welcome', body: '<p>Hello<script>alert(1)</script></p>', date: now - 100 },
      { id: 2, language: Language.ENGLISH, title: 'Older', body: '<p>old</p>', date: now - 1000 },
      { id: 3, language: Language.SPANISH, title: 'Bienvenido', body: '<p>Hola</p>', date: now - 100 },
    ])
    .execute();
  await db
    .insertInto('publisher_news')
    .values([
      {
        id: 1,
        publisher_id: 1,
        language: Language.ENGLISH,
        subject: 'News one',
        body: '<b>big</b><img src="x" onerror="alert(1)">',
        published_ts: now - 50,
        action_url: '/titles/101',
      },
      { id: 2, publisher_id: 1, language: Language.ENGLISH, subject: 'News two', body: 'plain', published_ts: now - 500, action_url: '' },
      { id: 3, publisher_id: 1, language: Language.SPANISH, subject: 'Noticia', body: 'hola', published_ts: now - 50, action_url: '' },
    ])
    .execute();
  const questions = [
    { description: 'Favourite?', canSkip: false, numberOfChoices: 1, selection: ['A', 'B', 'C'], hideFreeform: true },
    { description: 'Which ones?', canSkip: true, numberOfChoices: 2, selection: ['X', 'Y', 'Z'], hideFreeform: false, freeForm: 'Other' },
    { description: 'Anything else?', canSkip: true, numberOfChoices: 1, selection: [], hideFreeform: false, freeForm: 'Tell us' },
  ];
  await db
    .insertInto('questionnaires')
    .values([
      {
        id: 1,
        key: 'survey1',
        lang: 'eng',
        subject: 'Reader survey',
        questions: JSON.stringify(questions),
        answered_subject: 'Survey already taken',
        answered_body: 'Thanks!',
      },
      {
        id: 2,
        key: 'survey1',
        lang: 'esp',
        subject: 'Encuesta',
        questions: JSON.stringify(questions),
        answered_subject: 'Ya respondida',
        answered_body: '¡Gracias!',
      },
    ])
    .execute();
}
