import type { DB } from '../../server/db/index.js';
import { DAY, HOUR, KEY_HEX, S, T } from './fixtureIds.js';
import { seedPromo } from './fixturesPromo.js';
import { Language, LabelCode, Rating, ReleaseSchedule, UpdateTiming, TitleUpdateStatus } from '../../core/gen/manga/v1/common_pb.js';

/**
 * A small deterministic catalog for the server tests, written straight into
 * the tables (independent of the demo catalog). Times are relative to `now`.
 */
export { DAY, KEY_HEX, S, T };

export function chapterPlan(now: number) {
  // [id, title, seq, start, end, views, vertical-only]
  return [
    [1001, T.bladeEn, 1, now - 60 * DAY, 0, 1000, 0],
    [1002, T.bladeEn, 2, now - 53 * DAY, 0, 900, 0],
    [1003, T.bladeEn, 3, now - 46 * DAY, now - DAY, 800, 0],
    [1004, T.bladeEn, 4, now - 39 * DAY, now - DAY, 700, 0],
    [1005, T.bladeEn, 5, now - 32 * DAY, 0, 600, 0],
    [1006, T.bladeEn, 6, now - 3 * DAY, now + 3 * DAY, 5000, 0],
    [1007, T.bladeEn, 7, now - HOUR, 0, 3000, 1],
    [1008, T.bladeEn, 8, now + 2 * DAY, 0, 0, 0],
    [2001, T.bladeEs, 1, now - 10 * DAY, 0, 100, 0],
    [2002, T.bladeEs, 2, now - HOUR, 0, 100, 0],
    [3001, T.catsEn, 1, now - 400 * DAY, 0, 10000, 0],
    [3002, T.catsEn, 2, now - 380 * DAY, 0, 10000, 0],
    [3101, T.catsFr, 1, now - 300 * DAY, 0, 50, 0],
    [4001, T.zero, 1, now - 2 * DAY, 0, 200, 0],
    [5001, T.eagleEs, 1, now - 8 * DAY, 0, 50, 0],
    [5002, T.eagleEs, 2, now - 5 * DAY, 0, 400, 0],
  ] as const;
}

export async function seed(db: DB, now: number): Promise<void> {
  await db
    .insertInto('publishers')
    .values({ id: 1, name: 'Shueisha', banner_image_url: '/img/pub/1.webp', banner_width: 600, banner_height: 100 })
    .execute();
  await db
    .insertInto('tags')
    .values([
      { id: 1, tag: 'Action', slug: 'action' },
      { id: 2, tag: 'Comedy', slug: 'comedy' },
      { id: 3, tag: 'Fantasy', slug: 'fantasy' },
      { id: 4, tag: 'One-shot', slug: 'one-shot' },
    ])
    .execute();
  const series = (
    id: number,
    slug: string,
    label: number,
    status: string,
    extra: Partial<{ is_simulpub: number; start_from_right: number; region_code: string }> = {},
  ) => ({
    id,
    slug,
    label,
    status,
    release_schedule: status === 'completed' ? ReleaseSchedule.COMPLETED : ReleaseSchedule.WEEKLY,
    update_timing: status === 'ongoing' ? UpdateTiming.MONDAY : UpdateTiming.NOT_REGULARLY,
    rating: id === S.blade ? Rating.TEEN : Rating.ALLAGE,
    is_simulpub: extra.is_simulpub ?? 0,
    plan_type: 'standard',
    publisher_id: 1,
    start_from_right: extra.start_from_right ?? 0,
    region_code: extra.region_code ?? '',
    created_at: now - 400 * DAY,
  });
  await db
    .insertInto('series')
    .values([
      series(S.blade, 'blade', LabelCode.WJ, 'ongoing', { is_simulpub: 1, start_from_right: 1, region_code: 'DE' }),
      series(S.cats, 'cats', LabelCode.SQ, 'completed'),
      series(S.zero, 'zero', LabelCode.J_PLUS, 'one_shot'),
      series(S.eagle, 'eagle', LabelCode.YJ, 'ongoing'),
    ])
    .execute();
  await db
    .insertInto('series_tags')
    .values([
      { series_id: S.blade, tag_id: 1 },
      { series_id: S.blade, tag_id: 3 },
      { series_id: S.cats, tag_id: 2 },
      { series_id: S.zero, tag_id: 4 },
      { series_id: S.zero, tag_id: 1 },
      { series_id: S.eagle, tag_id: 2 },
    ])
    .execute();
  const title = (id: number, series_id: number, language: number, name: string, author: string, view_count: number, is_new = 0) => ({
    id,
    series_id,
    language,
    name,
    author,
    overview: `${name}: an overview.`,
    portrait_image_url: `/img/t/${id}/p.webp`,
    landscape_image_url: `/img/t/${id}/l.webp`,
    title_image_url: `/img/t/${id}/t.webp`,
    background_image_url: `/img/t/${id}/b.webp`,
    favorite_image_url: `/img/t/${id}/f.webp`,
    view_count,
    update_status: id === T.bladeEn ? TitleUpdateStatus.UP : TitleUpdateStatus.NONE,
    viewing_period_description: id === T.bladeEn ? 'Latest 3 chapters free' : '',
    non_appearance_info: '',
    is_new,
    created_at: now - 400 * DAY,
  });
  await db
    .insertInto('titles')
    .values([
      title(T.bladeEn, S.blade, Language.ENGLISH, 'Blade Quest', 'Ann Author', 50000),
      title(T.bladeEs, S.blade, Language.SPANISH, 'Misión Espada', 'Ann Author', 3000, 1),
      title(T.catsEn, S.cats, Language.ENGLISH, 'Cooking Cats', 'Bo Writer', 90000),
      title(T.catsFr, S.cats, Language.FRENCH, 'Chats Cuisiniers', 'Bo Writer', 1000),
      title(T.zero, S.zero, Language.ENGLISH, 'Zero Hour', 'Cy Pen', 700),
      title(T.eagleEs, S.eagle, Language.SPANISH, 'Camino del Águila', 'Di Ink', 800),
    ])
    .execute();
  await db
    .insertInto('chapters')
    .values(
      chapterPlan(now).map(([id, title_id, seq, start_ts, end_ts, view_count, vo]) => ({
        id,
        title_id,
        seq,
        name: `#${String(seq).padStart(3, '0')}`,
        sub_title: `Chapter ${seq} of ${title_id}`,
        thumbnail_url: `/img/c/${id}.webp`,
        start_ts,
        end_ts,
        is_vertical_only: vo,
        is_horizontal_only: 0,
        view_count,
        ticket_end: 0,
        notified_at: 0,
      })),
    )
    .execute();
  // Chapter 1007: four pages (single, a split spread, a double); 4001: one page.
  await db
    .insertInto('pages')
    .values([
      { chapter_id: 1007, idx: 0, type: 0, width: 960, height: 1380, encryption_key: KEY_HEX, source: 'file' },
      { chapter_id: 1007, idx: 1, type: 1, width: 960, height: 1380, encryption_key: KEY_HEX, source: 'file' },
      { chapter_id: 1007, idx: 2, type: 2, width: 960, height: 1380, encryption_key: KEY_HEX, source: 'file' },
      { chapter_id: 1007, idx: 3, type: 3, width: 1920, height: 1380, encryption_key: KEY_HEX, source: 'file' },
      { chapter_id: 4001, idx: 0, type: 0, width: 960, height: 1380, encryption_key: KEY_HEX, source: 'file' },
    ])
    .execute();
  await db
    .insertInto('comments')
    .values([
      {
        id: 1,
        chapter_id: 1007,
        idx: 1,
        user_name: 'alice',
        icon_url: '/img/i/1.webp',
        body: 'first!',
        created: now - 3000,
        base_likes: 5,
      },
      {
        id: 2,
        chapter_id: 1007,
        idx: 2,
        user_name: 'bob',
        icon_url: '/img/i/2.webp',
        body: 'great chapter',
        created: now - 2000,
        base_likes: 10,
      },
      { id: 3, chapter_id: 1007, idx: 3, user_name: 'carol', icon_url: '/img/i/3.webp', body: 'wow', created: now - 1000, base_likes: 5 },
      { id: 4, chapter_id: 1007, idx: 4, user_name: 'dan', icon_url: '/img/i/4.webp', body: 'meh', created: now - 500, base_likes: 0 },
      { id: 5, chapter_id: 1006, idx: 1, user_name: 'erin', icon_url: '/img/i/5.webp', body: 'ok', created: now - 500, base_likes: 1 },
    ])
    .execute();
  await seedPromo(db, now);
}
