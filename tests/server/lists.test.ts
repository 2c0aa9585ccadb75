import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Language, LabelCode } from '../../core/gen/manga/v1/common_pb.js';
import {
  TitleRankingViewV2_RankingTabType,
  type AllTitlesViewV2,
  type FeaturedTitlesViewV2,
  type SearchView,
  type TitleRankingViewV2,
  type TitleUpdatedView,
} from '../../core/gen/manga/v1/home_pb.js';
import { ErrorResult_Action } from '../../core/gen/manga/v1/response_pb.js';
import { BACKENDS, call, failure, setup, success, type TestApp, type Loose } from './helpers.js';
import { DAY, S, T, chapterPlan } from './fixtures.js';
import type { ServiceAnnouncementsView } from '../../core/gen/manga/v1/misc_pb.js';

describe.each(BACKENDS)('list views on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'lists');
  });
  afterAll(async () => t?.close());

  it('home: banners, daily groups, hottest, popup, featured lists, announcements', async () => {
    const a = await call(t.app, { url: '/api/web/web_homeV4?lang=eng&viewer_mode=vertical' });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toContain('application/x-protobuf');
    const s = success(a);
    expect(s.data.case).toBe('webHomeViewV4');
    const v = s.data.value as Extract<typeof s.data, { case: 'webHomeViewV4' }>['value'];
    expect(v.topBanners.map((b) => b.id)).toEqual([1]);
    expect(v.rankedTitles.map((g) => g.originalTitleId)).toEqual([S.blade, S.eagle, S.zero, S.cats]);
    expect(v.rankedTitles[0].score).toBe(5000 + 3000 + 100 + 100);
    expect(v.popup?.popupId).toBe(1);
    expect(v.popup?.data.case).toBe('oneImage');
    expect(v.featuredTitleLists.map((l) => l.listName)).toEqual(['Fantasy']);
    // A series once, not once per language in a row.
    expect(v.featuredTitleLists[0].featuredTitles.map((x) => x.titleId)).toEqual([T.bladeEn, T.zero]);
    expect(v.serviceAnnouncements.map((x) => x.id)).toEqual([1, 2]);
    expect(v.serviceAnnouncements[0].body).toBe('<p>Hello</p>');

    // Daily groups: every chapter of the last 7 days, one group per series per UTC day.
    const today = Math.floor(t.now / DAY);
    const plan = chapterPlan(t.now).filter((c) => c[3] <= t.now && today - Math.floor(c[3] / DAY) < 7);
    const expectedDays = [...new Set(plan.map((c) => today - Math.floor(c[3] / DAY)))].sort((a, b) => a - b);
    expect(v.groups.map((g) => g.groupNameDays)).toEqual(expectedDays);
    const all = v.groups.flatMap((g) => g.titleGroups.flatMap((tg) => tg.titles.map((x) => x.chapterId)));
    expect(all.sort()).toEqual(plan.map((c) => c[0]).sort());
    const bladeGroup = v.groups.flatMap((g) => g.titleGroups).find((g) => g.titles.some((x) => x.chapterId === 1007))!;
    expect(bladeGroup.theTitle).toBe('Blade Quest');
    expect(bladeGroup.titles.map((x) => x.title?.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    expect(bladeGroup.titles[0].isLatest).toBe(true);
    expect(bladeGroup.titles[0].isVerticalOnly).toBe(true);
    expect(bladeGroup.chapterNumber).toBe('#007');
    const d = new Date(Math.floor((t.now - 3600) / DAY) * DAY * 1000);
    const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
    expect(v.groups.find((g) => g.titleGroups.includes(bladeGroup))!.groupName).toBe(name);
  });

  it('home: content languages filter titles; lang picks banners', async () => {
    const s = success(await call(t.app, { url: '/api/web/web_homeV4?lang=esp&clang=es' }));
    const v = s.data.value as {
      topBanners: { id: number }[];
      rankedTitles: { originalTitleId: number; titles: { language: number }[] }[];
      groups: { titleGroups: { titles: { chapterId: number }[] }[] }[];
      serviceAnnouncements: { id: number }[];
    };
    expect(v.topBanners.map((b) => b.id)).toEqual([1, 2]);
    expect(v.rankedTitles.map((g) => g.originalTitleId)).toEqual([S.blade, S.eagle]);
    expect(v.rankedTitles.every((g) => g.titles.every((x) => x.language === Number(Language.SPANISH)))).toBe(true);
    expect(v.groups.flatMap((g) => g.titleGroups.flatMap((x) => x.titles.map((y) => y.chapterId))).sort()).toEqual([2002, 5002]);
    expect(v.serviceAnnouncements.map((x) => x.id)).toEqual([3]);
  });

  it("lists show a series once, in the reader's first content language that has it", async () => {
    const home = async (clang: string) => {
      const s = success(await call(t.app, { url: `/api/web/web_homeV4?lang=eng&clang=${clang}` }));
      return s.data.value as Extract<typeof s.data, { case: 'webHomeViewV4' }>['value'];
    };
    const esFirst = await home('es,en');
    expect(esFirst.featuredTitleLists[0].featuredTitles.map((x) => x.titleId)).toEqual([T.bladeEs, T.zero]);
    expect(esFirst.rankedTitles[0].titles.map((x) => x.titleId)).toEqual([T.bladeEs, T.bladeEn]);
    const blade = esFirst.groups.flatMap((g) => g.titleGroups).find((g) => g.theTitle === 'Blade Quest')!;
    expect(blade.titles[0].title?.titleId).toBe(T.bladeEs);
    const enFirst = await home('en,es');
    expect(enFirst.featuredTitleLists[0].featuredTitles.map((x) => x.titleId)).toEqual([T.bladeEn, T.zero]);
    expect(enFirst.rankedTitles[0].titles.map((x) => x.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    const featured = success(await call(t.app, { url: '/api/featuredV2?lang=eng&clang=es,en' })).data.value as FeaturedTitlesViewV2;
    const ranked = featured.contents[0].data.value as { rankedTitles: { titles: { titleId: number }[] }[] };
    expect(ranked.rankedTitles[1].titles[0].titleId).toBe(T.bladeEs);
  });

  it('home: bad parameters are the error envelope', async () => {
    for (const url of ['/api/web/web_homeV4?lang=xx', '/api/web/web_homeV4?clang=en,zz', '/api/web/web_homeV4?viewer_mode=sideways']) {
      const a = await call(t.app, { url });
      expect(a.status).toBe(400);
      const e = failure(a);
      expect(e.action).toBe(ErrorResult_Action.DEFAULT);
      expect(e.englishPopup?.body).toMatch(/\(10400\)$/);
      expect(e.spanishPopup?.body).toMatch(/\(10400\)$/);
    }
  });

  it('featured: at most 3 top banners; banners and lists merged by sort', async () => {
    const s = success(await call(t.app, { url: '/api/featuredV2?lang=eng&clang=en' }));
    expect(s.data.case).toBe('featuredTitlesViewV2');
    const v = s.data.value as FeaturedTitlesViewV2;
    expect(v.topSearchBanners.map((b) => b.id)).toEqual([10, 11, 12]);
    expect(v.contents.map((c) => c.data.case)).toEqual(['rankedTitles', 'banner', 'titleList']);
    const ranked = v.contents[0].data.value as { listName: string; rankedTitles: { originalTitleId: number }[] };
    expect(ranked.listName).toBe('Top Picks');
    expect(ranked.rankedTitles.map((g) => g.originalTitleId)).toEqual([S.cats, S.blade]);
    const list = v.contents[2].data.value as { featuredTitles: { titleId: number }[] };
    expect(list.featuredTitles.map((x) => x.titleId)).toEqual([T.bladeEn, T.zero]);
  });

  it('ranking: hottest, trending, completed with banners', async () => {
    const get = async (q: string) => {
      const s = success(await call(t.app, { url: `/api/title_list/rankingV2?lang=eng${q}` }));
      expect(s.data.case).toBe('titleRankingViewV2');
      return s.data.value as TitleRankingViewV2;
    };
    const hot = await get('');
    expect(hot.type).toBe(TitleRankingViewV2_RankingTabType.HOTTEST);
    expect(hot.rankingBanners.map((b) => b.id)).toEqual([30]);
    expect(hot.rankedTitles.map((g) => g.originalTitleId)).toEqual([S.blade, S.eagle, S.zero, S.cats]);
    expect(hot.rankedTitles[0].titles.map((x) => x.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    const trend = await get('&type=trending');
    // Services of the last week minus the week before: blade 8100-100, eagle 400-50, zero 200.
    expect(trend.rankedTitles.map((g) => [g.originalTitleId, g.score])).toEqual([
      [S.blade, 8000],
      [S.eagle, 350],
      [S.zero, 200],
      [S.cats, 0],
    ]);
    const done = await get('&type=completed&clang=fr');
    expect(done.type).toBe(TitleRankingViewV2_RankingTabType.COMPLETED);
    expect(done.rankedTitles.map((g) => g.originalTitleId)).toEqual([S.cats]);
    expect(done.rankedTitles[0].titles.map((x) => x.titleId)).toEqual([T.catsFr]);
    const bad = await call(t.app, { url: '/api/title_list/rankingV2?type=coldest' });
    expect(bad.status).toBe(400);
    expect(failure(bad).debugInfo).toContain('type');
  });

  it('all_v3: languages and the search view per status', async () => {
    const s = success(await call(t.app, { url: '/api/title_list/all_v3?type=serializing&lang=eng' }));
    expect(s.data.case).toBe('searchView');
    expect(s.languages?.availableLanguages.map((l) => [l.language, l.titlesCount])).toEqual([
      [Language.ENGLISH, 3],
      [Language.SPANISH, 2],
      [Language.FRENCH, 1],
    ]);
    const v = s.data.value as SearchView;
    expect(v.topSearchBanners.map((b) => b.id)).toEqual([60]);
    expect(v.allTags.map((x) => x.slug)).toEqual(['action', 'comedy', 'fantasy', 'one-shot']);
    expect(v.allTitlesGroup.map((g) => g.theTitle)).toEqual(['Blade Quest', 'Camino del Águila']);
    const blade = v.allTitlesGroup[0];
    expect(blade.titles.map((x) => x.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    expect(blade.tags.map((x) => x.slug)).toEqual(['action', 'fantasy']);
    expect(blade.label?.label).toBe(LabelCode.WJ);
    expect(blade.nextChapterStartTimestamp).toBe(t.now + 2 * DAY);

    const fr = success(await call(t.app, { url: '/api/title_list/all_v3?type=completed&clang=fr' }));
    const fv = fr.data.value as SearchView;
    expect(fv.allTitlesGroup.map((g) => g.titles.map((x) => x.titleId))).toEqual([[T.catsEn, T.catsFr]]);
    const one = success(await call(t.app, { url: '/api/title_list/all_v3?type=one-shot&clang=es' }));
    expect((one.data.value as { allTitlesGroup: unknown[] }).allTitlesGroup).toEqual([]);
    expect((await call(t.app, { url: '/api/title_list/all_v3?type=ongoing' })).status).toBe(400);
  });

  it('allV2 and updated', async () => {
    const s = success(await call(t.app, { url: '/api/title_list/allV2' }));
    expect(s.data.case).toBe('allTitlesViewV2');
    const v = s.data.value as AllTitlesViewV2;
    expect(v.allTitlesGroup.map((g) => g.theTitle)).toEqual(['Blade Quest', 'Camino del Águila', 'Cooking Cats', 'Zero Hour']);
    const u = success(await call(t.app, { url: '/api/title_list/updated' }));
    expect(u.data.case).toBe('titleUpdatedView');
    const uv = u.data.value as TitleUpdatedView;
    expect(uv.latest.map((x) => x.title?.titleId)).toEqual([T.bladeEn, T.bladeEs, T.zero, T.eagleEs]);
    expect(uv.latest[0].updatedTitleTimestamp).toBe(t.now - 3600);
    expect(uv.groups.flatMap((g) => g.latestTitle.map((x) => x.title?.titleId))).toEqual([T.bladeEn, T.bladeEs, T.zero, T.eagleEs]);
    expect(uv.groups.every((g) => g.updatedTitleTimestamp % DAY === 0)).toBe(true);
  });

  it('language and announcements', async () => {
    const l = success(await call(t.app, { url: '/api/language' }));
    expect(l.languages?.defaultContentLanguageTwo).toBe(Language.SPANISH);
    expect(l.languages?.availableLanguages.length).toBe(3);
    const a = success(await call(t.app, { url: '/api/web/announcement?lang=esp' }));
    expect(a.data.case).toBe('serviceAnnouncementsView');
    const v = a.data.value as ServiceAnnouncementsView;
    expect(v.serviceAnnouncements.map((x) => [x.id, x.title, x.body])).toEqual([[3, 'Bienvenido', '<p>Hola</p>']]);
    expect(a.languages?.availableLanguages.length).toBe(3);
  });

  it('format=json answers canonical JSON of the same Response', async () => {
    const r = await t.app.inject({ url: '/api/title_list/rankingV2?lang=eng&type=completed&format=json' });
    expect(r.headers['content-type']).toContain('application/json');
    const j = r.json<Loose>();
    expect(j.success.titleRankingViewV2.type).toBe('COMPLETED');
    expect(j.success.titleRankingViewV2.rankedTitles[0].titles[0].name).toBe('Cooking Cats');
    const all = (await t.app.inject({ url: '/api/title_list/allV2?format=json' })).json<Loose>();
    expect(all.success.allTitlesViewV2.AllTitlesGroup).toHaveLength(4);
  });
});
