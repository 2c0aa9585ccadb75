import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabelCode, Language, Rating, ReleaseSchedule, UpdateTiming, type AdNetworkList } from '../../core/gen/manga/v1/common_pb.js';
import { LastPage_ChapterType, PageType, type MangaPage } from '../../core/gen/manga/v1/viewer_pb.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp, type Loose } from './helpers.js';
import { DAY, KEY_HEX, T } from './fixtures.js';
import { CHAPTER_ERRORS, detail, lastPage, viewer } from './detailViewerSupport.js';

describe.each(BACKENDS)('title detail and viewer on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'detail');
  });
  afterAll(async () => t?.close());

  it('title detail: the whole view', async () => {
    const d = await detail(t, `title_id=${T.bladeEn}&clang=en`);
    expect(d.title?.name).toBe('Blade Quest');
    expect(d.title?.language).toBe(Language.ENGLISH);
    expect(d.titleImageUrl).toBe('http://localhost:80/img/t/101/t.webp');
    expect(d.overview).toBe('Blade Quest: an overview.');
    expect(d.backgroundImageUrl).toBe('http://localhost:80/img/t/101/b.webp');
    expect(d.viewingPeriodDescription).toBe('Latest 3 chapters free');
    expect(d.nextTimeStamp).toBe(t.now + 2 * DAY);
    expect(d.updateTiming).toBe(UpdateTiming.MONDAY);
    expect(d.rating).toBe(Rating.TEEN);
    expect(d.isSimulReleased).toBe(true);
    expect(d.isSubscribed).toBe(false);
    expect(d.numberOfViews).toBe(50000);
    expect(d.regionCode).toBe('DE');
    // First: readable from the start; mid: expired; last: readable at the end.
    expect(d.firstChapterList.map((c) => c.chapterId)).toEqual([1001, 1002]);
    expect(d.lastChapterList.map((c) => c.chapterId)).toEqual([1005, 1006, 1007]);
    expect(d.hasChaptersBetween).toBe(true);
    expect(d.chapterListGroup).toHaveLength(1);
    const g = d.chapterListGroup[0];
    expect(g.chapterNumbers).toBe('1-7');
    expect(g.firstChapterList.map((c) => c.chapterId)).toEqual([1001, 1002]);
    expect(g.midChapterList.map((c) => c.chapterId)).toEqual([1003, 1004]);
    expect(g.lastChapterList.map((c) => c.chapterId)).toEqual([1005, 1006, 1007]);
    expect(d.chapterListV2.map((c) => c.chapterId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    const c6 = d.lastChapterList[1];
    expect(c6.endTimeStamp).toBe(t.now + 3 * DAY);
    expect(c6.startTimeStamp).toBe(t.now - 3 * DAY);
    expect(c6.commentCount).toBe(1);
    expect(c6.viewCount).toBe(5000);
    expect(c6.name).toBe('#006');
    expect(d.lastChapterList[2].isVerticalOnly).toBe(true);
    expect(d.lastChapterList[2].commentCount).toBe(4);
    expect(d.chapterListV2.every((c) => !c.alreadyViewed)).toBe(true);
    expect(d.titleLanguages.map((l) => [l.titleId, l.language, l.isNew])).toEqual([
      [T.bladeEn, Language.ENGLISH, false],
      [T.bladeEs, Language.SPANISH, true],
    ]);
    expect(d.titleLabels).toMatchObject({ releaseSchedule: ReleaseSchedule.WEEKLY, isSimulpub: true, planType: 'standard' });
    expect(d.label?.label).toBe(LabelCode.WJ);
    expect(d.label?.description).toBe('Weekly Shonen Jump');
    expect(d.tags.map((x) => x.slug)).toEqual(['action', 'fantasy']);
    expect(d.titleBanners.map((b) => b.id)).toEqual([40, 41]);
    expect(d.ratingPopup?.popupId).toBe(2);
    expect(d.ratingPopup?.data.case).toBe('appDefault');
    expect(d.metaInfo).toMatchObject({ metaTitle: 'Blade Quest | Ann Author', metaDescription: 'Blade Quest: an overview.' });
    expect(d.sns?.url).toBe(`http://localhost:80/titles/${T.bladeEn}`);
    expect(d.sns?.body).toContain('Blade Quest');
    expect(d.recommendedTitleList.map((x) => x.titleId)).toEqual([T.zero]);
    expect(d.publisherBanner?.imageUrl).toBe('http://localhost:80/img/pub/1.webp');
    expect(d.publisherItems[0].banner?.action?.url).toBe('/publisher_news/1');
    const news = d.publisherItems.slice(1).map((i) => i.publisherNews!);
    expect(news.map((n) => n.subject)).toEqual(['News one', 'News two']);
    expect(news[0].body).toBe('<b>big</b><img src="x" />');
    expect(news[0].publisherName).toBe('Shueisha');
  });

  it('title detail: all chapters readable go first; no chapters between', async () => {
    const d = await detail(t, `title_id=${T.eagleEs}`);
    expect(d.firstChapterList.map((c) => c.chapterId)).toEqual([5001, 5002]);
    expect(d.lastChapterList).toEqual([]);
    expect(d.hasChaptersBetween).toBe(false);
    expect(d.nextTimeStamp).toBe(0);
    expect(d.titleBanners.map((b) => b.id)).toEqual([41]);
    expect(d.ratingPopup).toBeUndefined();
  });

  it('title detail errors', async () => {
    const nf = await call(t.app, { url: '/api/title_detailV3?title_id=999999' });
    expect(nf.status).toBe(404);
    expect(failure(nf).englishPopup?.body).toMatch(/\(10404\)$/);
    expect(failure(nf).debugInfo).toBe('title 999999 not found');
    for (const q of ['', 'title_id=', 'title_id=abc', 'title_id=-1', 'title_id=1.5', 'title_id=99999999999', 'title_id=1&title_id=2']) {
      const a = await call(t.app, { url: `/api/title_detailV3?${q}` });
      expect(a.status, q).toBe(400);
      expect(failure(a).debugInfo).toContain('title_id');
    }
  });

  it('viewer: pages, inserted banners, ad, banner list, last page', async () => {
    const token = newToken();
    const v = await viewer(t, 'chapter_id=1007&split=yes&viewer_mode=vertical&clang=en', token);
    expect(v.pages.map((p) => p.data.case)).toEqual([
      'mangaPage',
      'mangaPage',
      'insertBannerList',
      'mangaPage',
      'mangaPage',
      'advertisement',
      'bannerList',
      'lastPage',
    ]);
    const pages = v.pages.filter((p) => p.data.case === 'mangaPage').map((p) => p.data.value as MangaPage);
    expect(pages.map((p) => p.imageUrl)).toEqual([0, 1, 2, 3].map((i) => `http://localhost:80/img/page/1007/${i}/high.webp`));
    expect(pages.map((p) => p.type)).toEqual([PageType.SINGLE, PageType.LEFT, PageType.RIGHT, PageType.DOUBLE]);
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [960, 1380],
      [960, 1380],
      [960, 1380],
      [1920, 1380],
    ]);
    expect(pages.every((p) => p.encryptionKey === KEY_HEX)).toBe(true);
    expect((v.pages[2].data.value as { banners: { id: number }[] }).banners.map((b) => b.id)).toEqual([50]);
    expect((v.pages[6].data.value as { banners: { id: number }[] }).banners.map((b) => b.id)).toEqual([51]);
    const ad = v.pages[5].data.value as AdNetworkList;
    expect(ad.adNetworks[0].network.case).toBe('adsense');
    const last = lastPage(v);
    expect(last.currentChapter?.chapterId).toBe(1007);
    expect(last.currentChapter?.alreadyViewed).toBe(true);
    expect(last.nextChapter?.chapterId).toBe(1008);
    expect(last.nextChapter?.name).toBe('#008');
    expect(last.nextTimeStamp).toBe(t.now + 2 * DAY);
    expect(last.chapterType).toBe(LastPage_ChapterType.LATEST);
    expect(last.topComments.map((c) => [c.id, c.numberOfLikes])).toEqual([
      [2, 10],
      [3, 5],
      [1, 5],
    ]);
    expect(last.banners.map((b) => b.id)).toEqual([52]);
    expect(last.isSubscribed).toBe(false);
    expect(last.publisherBanner?.id).toBe(1);
    expect(v.chapterId).toBe(1007);
    expect(v.titleId).toBe(T.bladeEn);
    expect(v.titleName).toBe('Blade Quest');
    expect(v.chapterName).toBe('#007');
    expect(v.chapters.map((c) => c.chapterId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    expect(v.chapters.find((c) => c.chapterId === 1007)?.alreadyViewed).toBe(true);
    expect(v.chapters.find((c) => c.chapterId === 1006)?.alreadyViewed).toBe(false);
    expect(v.numberOfComments).toBe(4);
    expect(v.isVerticalOnly).toBe(true);
    expect(v.isHorizontalOnly).toBe(false);
    expect(v.startFromRight).toBe(true);
    expect(v.regionCode).toBe('DE');
    expect(v.titleLanguage).toBe('eng');
    expect(v.planType).toBe('standard');
    expect(v.ratingPopup?.popupId).toBe(2);
    expect(v.title?.titleId).toBe(T.bladeEn);
    expect(v.titleAvailableLanguages.map((l) => l.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    expect(v.sns?.url).toBe('http://localhost:80/viewer/1007');

    // The view is recorded: title detail now shows it viewed, for this visitor only.
    const d = await detail(t, `title_id=${T.bladeEn}`, token);
    expect(d.chapterListV2.filter((c) => c.alreadyViewed).map((c) => c.chapterId)).toEqual([1007]);
    expect(d.lastChapterList.find((c) => c.chapterId === 1007)?.alreadyViewed).toBe(true);
    expect(d.chapterListGroup[0].lastChapterList.find((c) => c.chapterId === 1007)?.alreadyViewed).toBe(true);
    const other = await detail(t, `title_id=${T.bladeEn}`, newToken());
    expect(other.chapterListV2.some((c) => c.alreadyViewed)).toBe(false);
    // ...and it reaches the database.
    await t.app.repos.views.flush();
    const row = await t.db.selectFrom('viewed_chapters').selectAll().where('visitor_token', '=', token).execute();
    expect(row.map((r) => r.chapter_id)).toEqual([1007]);
    const c = await t.db.selectFrom('chapters').select('view_count').where('id', '=', 1007).executeTakeFirstOrThrow();
    expect(c.view_count).toBe(3001);
    const daily = await t.db.selectFrom('chapter_views_daily').selectAll().where('chapter_id', '=', 1007).execute();
    expect(daily.map((r) => r.views)).toEqual([1]);
  });

  it('viewer: quality sizes, favorite on the last page, next chapter kinds', async () => {
    const token = newToken();
    const low = await viewer(t, 'chapter_id=1007&img_quality=low', token);
    const lp = low.pages
      .filter((p) => p.data.case === 'mangaPage')
      .map((p) => p.data.value as { imageUrl: string; width: number; height: number });
    expect(lp.map((p) => [p.width, p.height])).toEqual([
      [480, 690],
      [480, 690],
      [480, 690],
      [960, 690],
    ]);
    expect(lp[0].imageUrl).toMatch(/\/img\/page\/1007\/0\/low\.webp$/);
    const sup = await viewer(t, 'chapter_id=1007&img_quality=super_high');
    expect((sup.pages[0].data.value as { width: number }).width).toBe(1440);

    expect(
      success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.bladeEn}`, token })).data.case,
    ).toBeUndefined();
    expect(lastPage(await viewer(t, 'chapter_id=1007', token)).isSubscribed).toBe(true);
    expect(lastPage(await viewer(t, 'chapter_id=1007', newToken())).isSubscribed).toBe(false);
    expect((await detail(t, `title_id=${T.bladeEn}`, token)).isSubscribed).toBe(true);

    const seq = lastPage(await viewer(t, 'chapter_id=1005'));
    expect(seq.chapterType).toBe(LastPage_ChapterType.SEQUENCE);
    expect(seq.nextChapter?.chapterId).toBe(1006);
    expect(seq.nextTimeStamp).toBe(0);
    const noseq = lastPage(await viewer(t, 'chapter_id=1002'));
    expect(noseq.chapterType).toBe(LastPage_ChapterType.NOSEQUENCE);
    expect(noseq.nextChapter?.chapterId).toBe(1005);
    const one = await viewer(t, 'chapter_id=4001');
    expect(one.pages.map((p) => p.data.case)).toEqual(['mangaPage', 'advertisement', 'bannerList', 'lastPage']);
    expect(lastPage(one).nextChapter).toBeUndefined();
    expect(lastPage(one).chapterType).toBe(LastPage_ChapterType.LATEST);
  });

  it('viewer: PUBLIC_URL is the image base', async () => {
    const t2 = await setup(backend, 'detailpub', { publicUrl: 'https://cdn.example.com' });
    try {
      const v = await viewer(t2, 'chapter_id=4001');
      expect((v.pages[0].data.value as { imageUrl: string }).imageUrl).toBe('https://cdn.example.com/img/page/4001/0/high.webp');
    } finally {
      await t2.close();
    }
  });

  it('viewer errors: unknown, unreleased, expired, malformed', async () => {
    const cases: [string, number, RegExp][] = [
      ...CHAPTER_ERRORS,
      ['chapter_id=1007&img_quality=ultra', 400, /img_quality/],
      ['chapter_id=1007&split=maybe', 400, /split/],
      ['chapter_id=1007&clang=xx', 400, /clang/],
    ];
    for (const [q, status, debug] of cases) {
      const a = await call(t.app, { url: `/api/manga_viewer?${q}` });
      expect(a.status, q).toBe(status);
      expect(failure(a).debugInfo, q).toMatch(debug);
      expect(failure(a).spanishPopup?.subject, q).not.toBe('');
    }
  });

  it('a viewer rendered ahead of the app counts no view; GET /api/chapter_view counts it, with the same errors', async () => {
    const viewedIn = async (token: string) => {
      const d = (
        await t.app.inject({ url: `/api/title_detailV3?title_id=${T.zero}&format=json`, headers: { 'session-token': token } })
      ).json<Loose>();
      return (
        (d.success.titleDetailView.chapterListV2 as unknown as { chapterId: number; alreadyViewed?: boolean }[]).find(
          (c) => c.chapterId === 4001,
        )?.alreadyViewed === true
      );
    };
    const views = async () =>
      Number((await t.db.selectFrom('chapters').select('view_count').where('id', '=', 4001).executeTakeFirstOrThrow()).view_count);
    // The server's render of /viewer/4001 under a cookie's session (maybe a planted one): nothing recorded for it.
    const planted = newToken();
    await t.app.repos.views.flush();
    const before = await views();
    const ahead = await t.app.inject({
      url: '/api/manga_viewer?chapter_id=4001',
      headers: { 'session-token': planted, 'x-render-ahead': '1' },
    });
    expect(ahead.statusCode).toBe(200);
    await t.app.repos.views.flush();
    expect(await viewedIn(planted)).toBe(false);
    expect(await views()).toBe(before);
    // The app that took the page counts the view under its own session.
    const mine = newToken();
    expect(success(await call(t.app, { url: '/api/chapter_view?chapter_id=4001', token: mine })).data.case).toBeUndefined();
    expect(await viewedIn(mine)).toBe(true);
    await t.app.repos.views.flush();
    expect(await views()).toBe(before + 1);
    expect(await viewedIn(planted)).toBe(false);
    // No visitor row for a read.
    expect(await t.db.selectFrom('visitors').select('token').where('token', '=', mine).executeTakeFirst()).toBeUndefined();
    for (const [q, status, debug] of CHAPTER_ERRORS) {
      const a = await call(t.app, { url: `/api/chapter_view?${q}` });
      expect(a.status, q).toBe(status);
      expect(failure(a).debugInfo, q).toMatch(debug);
    }
  });

  it('format=json of title detail and viewer carries the visitor fields', async () => {
    const token = newToken();
    await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.zero}`, token });
    const v = (
      await t.app.inject({ url: '/api/manga_viewer?chapter_id=4001&format=json', headers: { 'session-token': token } })
    ).json<Loose>();
    expect(v.success.mangaViewer.chapterId).toBe(4001);
    expect(Object.values(v.success.mangaViewer.pages).at(-1)!.lastPage.isSubscribed).toBe(true);
    const d = (
      await t.app.inject({ url: `/api/title_detailV3?title_id=${T.zero}&format=json`, headers: { 'session-token': token } })
    ).json<Loose>();
    expect(d.success.titleDetailView.isSubscribed).toBe(true);
    expect(d.success.titleDetailView.chapterListV2[0].alreadyViewed).toBe(true);
  });
});
