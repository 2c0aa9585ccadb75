import type { Page } from 'playwright-core';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/index';
import { fakeSubscription, type startPushService } from '../server/pushLoopback';

/**
 * Known reading made through the reader's own API calls (the paths the
 * reader app calls, each visitor with a SESSION-TOKEN of its own), and the
 * figures the statistics dashboards must show for it.
 */

/** The parts of the reader's JSON answers (?format=json) read here. */
interface ChapterRef {
  chapterId: number;
}
interface Answers {
  ranking: { success: { titleRankingViewV2: { rankedTitles: { titles: { titleId: number }[] }[] } } };
  detail: {
    success: {
      titleDetailView: {
        title: { name: string };
        titleBanners: { id: number }[];
        chapterListGroup: { firstChapterList?: ChapterRef[]; midChapterList?: ChapterRef[]; lastChapterList?: ChapterRef[] }[];
      };
    };
  };
  viewer: { success: { mangaViewer: { pages: { mangaPage?: object }[] } } };
  survey: { success: { questionnaireView: { questions: { selection: string[] }[] } } };
}

/** One visitor's call to the reader API, as the reader's client makes it; a failure throws with the answer. */
async function reader<T = unknown>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const json = method === 'GET' ? `${path.includes('?') ? '&' : '?'}format=json` : '';
  const r = await fetch(`${base}/api${path}${json}`, {
    method,
    headers: { 'SESSION-TOKEN': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!r.ok) throw new Error(`${method} ${path} as ${token}: ${r.status} ${await r.text()}`);
  return (method === 'GET' ? await r.json() : {}) as T;
}

/**
 * A new chapter of the title becomes readable two seconds from now (written
 * into the server's database, as the push test does: the release
 * notifications go out when its time comes); its pages are the first chapter's.
 */
async function scheduleChapter(dataDir: string, titleId: number, pagesOf: number): Promise<number> {
  const { db, close } = await openDb(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  try {
    const last = await db
      .selectFrom('chapters')
      .select(({ fn }) => [fn.max('id').as('id'), fn.max('seq').as('seq')])
      .executeTakeFirstOrThrow();
    const id = Number(last.id) + 1;
    const row = { id, title_id: titleId, seq: Number(last.seq) + 1, name: '#999', sub_title: 'Stats', thumbnail_url: '' };
    const when = { start_ts: Math.ceil(Date.now() / 1000) + 2, end_ts: 0, notified_at: 0, ticket_end: 0, view_count: 0 };
    await db
      .insertInto('chapters')
      .values({ ...row, ...when, is_vertical_only: 0, is_horizontal_only: 0 })
      .execute();
    const pages = await db.selectFrom('pages').selectAll().where('chapter_id', '=', pagesOf).execute();
    if (pages.length)
      await db
        .insertInto('pages')
        .values(pages.map((p) => ({ ...p, chapter_id: id })))
        .execute();
    return id;
  } finally {
    await close();
  }
}

/** What was read, and by how many: the ids the analyst types and the names the dashboards show. */
export interface Known {
  titleId: number;
  titleName: string;
  chapter: number;
  next: number;
  lastPage: number;
  bannerId: number;
  survey: string;
  /** The chapter released during the reading, whose notifications went out. */
  released: number;
}

const VISITORS = ['c33-reader-one', 'c33-reader-two', 'c33-reader-three', 'c33-reader-four', 'c33-reader-five'];

/**
 * Five readers open the first chapter of the most-read title; all five are at
 * page 1, four reach page 5 and two its last page; two of them go on to the
 * next chapter. Four favourite the title (three with a push subscription, one
 * of them gone) and one of the others takes it back. Four see the title's
 * banner on its page and one taps it. Two answer the survey. Then a new
 * chapter comes out: two notifications are accepted, one has expired, and one
 * notified reader opens it. Nothing else happens on this server, so these are
 * all its figures.
 */
export async function readKnown(
  base: string,
  dataDir: string,
  push: ReturnType<typeof startPushService>,
  pushBase: string,
): Promise<Known> {
  const [r1, r2, r3, r4, r5] = VISITORS;
  const ranking = await reader<Answers['ranking']>(base, r1, 'GET', '/title_list/rankingV2');
  const titleId = ranking.success.titleRankingViewV2.rankedTitles[0].titles[0].titleId;
  const detail = (await reader<Answers['detail']>(base, r1, 'GET', `/title_detailV3?title_id=${titleId}`)).success.titleDetailView;
  const chapters = detail.chapterListGroup
    .flatMap((g) => [...(g.firstChapterList ?? []), ...(g.midChapterList ?? []), ...(g.lastChapterList ?? [])])
    .map((c) => c.chapterId)
    .sort((a, b) => a - b);
  const [chapter, next] = chapters;
  const bannerId = detail.titleBanners[0].id;

  const open = async (who: string, id: number) =>
    (await reader<Answers['viewer']>(base, who, 'GET', `/manga_viewer?chapter_id=${id}&split=yes&img_quality=low`)).success.mangaViewer;
  const viewer = await open(r1, chapter);
  const lastPage = viewer.pages.filter((p) => p.mangaPage).length;
  for (const who of [r2, r3, r4, r5]) await open(who, chapter);
  for (const who of [r1, r2]) await open(who, next);

  let at = Date.now();
  const position = (who: string, page: number) =>
    reader(base, who, 'POST', `/history/position?chapter_id=${chapter}&item=${page - 1}&page=${page}&page_count=${lastPage}&at=${at++}`);
  for (const who of VISITORS) await position(who, 1);
  for (const who of [r1, r2, r3, r4]) await position(who, 5);
  for (const who of [r1, r2]) await position(who, lastPage);

  const favourite = (who: string, endpoint?: string) =>
    reader(
      base,
      who,
      'PUT',
      `/title_list/bookmark?title_id=${titleId}&lang=eng${endpoint ? `&push_token=${encodeURIComponent(fakeSubscription(endpoint).json)}` : ''}`,
    );
  await favourite(r1, `${pushBase}/push/one`);
  await favourite(r2, `${pushBase}/push/two`);
  await favourite(r3);
  await favourite(r4, `${pushBase}/gone/four`);
  await reader(base, r3, 'DELETE', `/title_list/bookmark?title_id=${titleId}`);

  const tap = (who: string, type: string) =>
    reader(
      base,
      who,
      'POST',
      `/title_banner_tap_log?banner_id=${bannerId}&title_id=${titleId}&banner_type=featured_banner&location=title_detail&type=${type}`,
    );
  for (const who of [r1, r2, r3, r4]) await tap(who, 'impression');
  await tap(r1, 'click');

  const survey = 'demo2026';
  const asked = `/questionnaire?questionnaire_key=${survey}&lang=eng`;
  const questions = (await reader<Answers['survey']>(base, r1, 'GET', asked)).success.questionnaireView.questions;
  const answers = Object.fromEntries(questions.map((q, i) => [`q${i + 1}`, q.selection[0]]));
  for (const who of [r1, r2]) await reader(base, who, 'PUT', asked, answers);

  const released = await scheduleChapter(dataDir, titleId, chapter);
  await push.waitFor(3);
  await open(r1, released);
  return { titleId, titleName: detail.title.name, chapter, next, lastPage, bannerId, survey, released };
}

export const DASHBOARDS = ['reading', 'reach', 'favorites', 'notifications', 'promos', 'surveys'] as const;
export type Dash = (typeof DASHBOARDS)[number];

/** Per dashboard: the totals as shown (English), and a table with its expected rows (cells as shown; a row by its first cell). */
export function expected(k: Known): Record<Dash, { totals: Record<string, string>; table: string; rows: string[][] }> {
  return {
    reading: {
      totals: { views: '8', readers: '5', newReaders: '5', returningReaders: '0' },
      table: 'by-title',
      rows: [[k.titleName, '8', '5', '0', '—']],
    },
    reach: {
      totals: { readers: '5', positionReaders: '5', goOn: '2', goOnRate: '40%' },
      table: 'pages',
      rows: [
        ['1', '5', '100%', '1', '20%'],
        ['5', '4', '80%', '2', '40%'],
        [String(k.lastPage), '2', '40%', '2', '40%'],
      ],
    },
    favorites: { totals: { added: '4', removed: '1' }, table: 'titles', rows: [[k.titleName, '4', '1', '3']] },
    notifications: {
      totals: { sent: '3', accepted: '2', failed: '0', expired: '1', opened24h: '1' },
      table: 'releases',
      rows: [[`${k.titleName} · #999`, '3', '2', '0', '1', '1', '50%']],
    },
    promos: {
      totals: { impressions: '4', taps: '1', rate: '25%' },
      table: 'items',
      // The title's banner by its title's name (with its picture), then its id.
      rows: [['Title banner', k.titleName, String(k.bannerId), 'Title page', 'en', '4', '1', '25%']],
    },
    surveys: { totals: { answers: '2' }, table: 'surveys', rows: [[k.survey, '2']] },
  };
}

/** The dashboard's totals as shown: name → the value's text. */
export function shownTotals(page: Page): Promise<Record<string, string>> {
  return page.$$eval('.c-stats__total', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-total') ?? '', e.querySelector('.c-stats__value')?.textContent ?? ''])),
  );
}

/** A table's rows as shown, each a list of cell texts (the empty-table line is no row). */
export function shownRows(page: Page, table: string): Promise<string[][]> {
  return page.$$eval(`table[data-table="${table}"] tbody tr`, (trs) =>
    trs.filter((tr) => tr.querySelector('td[data-col]')).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
}
