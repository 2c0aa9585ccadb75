import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../server/catalog/generate.js';
import { DAY } from '../../server/lib/clock.js';
import { LabelCode, ReleaseSchedule, UpdateTiming, Rating, TitleUpdateStatus } from '../../core/gen/manga/v1/common_pb.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';

/** Every case the demo catalog promises (issue #3), checked on the generated data. */
const SEED = 20190128;
const NOW = 1_795_000_000;
const cat = generateCatalog(SEED, NOW);
const enumValues = (e: object) => Object.values(e).filter((v): v is number => typeof v === 'number');

describe('demo catalog', () => {
  it('is deterministic from its seed, except the random page keys', () => {
    const again = generateCatalog(SEED, NOW);
    const stable = (c: typeof cat) => JSON.stringify({ ...c, pages: c.pages.map((p) => ({ ...p, encryption_key: '' })) });
    expect(stable(again)).toBe(stable(cat));
    // Keys are random per page (crypto), never shared.
    expect(again.pages[0].encryption_key).not.toBe(cat.pages[0].encryption_key);
    expect(new Set(cat.pages.map((p) => p.encryption_key)).size).toBe(cat.pages.length);
    expect(JSON.stringify(generateCatalog(SEED + 1, NOW).titles.map((t) => t.author))).not.toBe(
      JSON.stringify(cat.titles.map((t) => t.author)),
    );
  });

  it('has at least 30 series, each in 2 to 9 of the nine languages with its own names', () => {
    expect(cat.series.length).toBeGreaterThanOrEqual(30);
    for (const s of cat.series) {
      const titles = cat.titles.filter((t) => t.series_id === s.id);
      expect(titles.length, s.slug).toBeGreaterThanOrEqual(2);
      expect(titles.length, s.slug).toBeLessThanOrEqual(9);
      expect(new Set(titles.map((t) => t.language)).size).toBe(titles.length);
    }
    expect(new Set(cat.titles.map((t) => t.language)).size).toBe(9);
    // Names and overviews in the title's own language: not all the same text.
    const blade = cat.titles.filter((t) => t.series_id === cat.series[0].id);
    expect(new Set(blade.map((t) => t.name)).size).toBe(blade.length);
    expect(new Set(blade.map((t) => t.overview)).size).toBe(blade.length);
  });

  it('covers every label, status, schedule, timing and rating, with tags (one series tagged One-shot)', () => {
    expect(new Set(cat.series.map((s) => s.label))).toEqual(new Set(enumValues(LabelCode)));
    expect(new Set(cat.series.map((s) => s.status))).toEqual(new Set(['ongoing', 'completed', 'one_shot']));
    // ONE_SHOT and HIATUS exist only in the phone app's schema; the web's catalog answers DISABLED for them.
    const mobileOnly: number[] = [ReleaseSchedule.ONE_SHOT, ReleaseSchedule.HIATUS];
    expect(new Set(cat.series.map((s) => s.release_schedule))).toEqual(
      new Set(enumValues(ReleaseSchedule).filter((v) => !mobileOnly.includes(v))),
    );
    expect(new Set(cat.series.map((s) => s.update_timing))).toEqual(new Set(enumValues(UpdateTiming)));
    expect(new Set(cat.series.map((s) => s.rating))).toEqual(new Set(enumValues(Rating)));
    expect(new Set(cat.titles.map((t) => t.update_status))).toEqual(new Set(enumValues(TitleUpdateStatus)));
    const oneShotTag = cat.tags.find((t) => t.slug === 'one-shot')!;
    expect(cat.series_tags.some((x) => x.tag_id === oneShotTag.id)).toBe(true);
    expect(cat.tags.length).toBeGreaterThan(10);
    expect(cat.series.some((s) => s.is_simulpub === 1)).toBe(true);
  });

  it('has chapters for every viewer and list case', () => {
    const ch = cat.chapters;
    expect(ch.some((c) => c.start_ts > NOW)).toBe(true); // nextTimeStamp
    expect(ch.some((c) => c.start_ts <= NOW && c.start_ts > NOW - DAY)).toBe(true); // updated today
    expect(ch.some((c) => c.end_ts > NOW && c.end_ts - NOW <= 7 * DAY)).toBe(true); // deadline shown
    expect(ch.some((c) => c.end_ts > 0 && c.end_ts < NOW)).toBe(true); // mid list behind the app separator
    expect(ch.some((c) => c.is_vertical_only === 1)).toBe(true);
    expect(ch.some((c) => c.is_horizontal_only === 1)).toBe(true);
    expect(cat.series.some((s) => s.start_from_right === 1)).toBe(true);
    const perChapter = new Map<number, number>();
    for (const p of cat.pages) perChapter.set(p.chapter_id, (perChapter.get(p.chapter_id) ?? 0) + 1);
    const counts = [...perChapter.values()];
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(300);
    expect(counts.filter((n) => n < 300).every((n) => n >= 1 && n <= 60)).toBe(true);
    expect(counts.some((n) => n >= 10 && n <= 60)).toBe(true);
    expect(new Set(cat.pages.map((p) => p.type))).toEqual(new Set([PageType.SINGLE, PageType.LEFT, PageType.RIGHT, PageType.DOUBLE]));
    // DOUBLE pages are twice as wide as the single pages of their chapter.
    const d = cat.pages.find((p) => p.type === Number(PageType.DOUBLE))!;
    const single = cat.pages.find((p) => p.chapter_id === d.chapter_id && p.type === Number(PageType.SINGLE));
    if (single) expect(d.width).toBe(single.width * 2);
    expect(cat.pages.every((p) => /^[0-9a-f]{16,}$/.test(p.encryption_key))).toBe(true);
  });

  it('has comments, banners, lists, popups, news and surveys', () => {
    const likes = cat.comments.map((c) => c.base_likes);
    expect(likes.some((n) => n > 1000 && n < 1_000_000)).toBe(true);
    expect(likes.some((n) => n > 1_000_000)).toBe(true);
    expect(cat.comments.every((c) => c.user_name && c.icon_url)).toBe(true);
    for (const place of ['home_top', 'title', 'ranking', 'featured', 'viewer_insert', 'viewer_list'])
      expect(
        cat.banners.some((b) => b.placement === place),
        place,
      ).toBe(true);
    expect(cat.featured_lists.some((l) => l.name === 'Fantasy')).toBe(true);
    expect(new Set(cat.popups.map((p) => `${p.placement}:${p.kind}`))).toEqual(
      new Set(['home:one_image', 'home:app_default', 'rating:app_default']),
    );
    expect(cat.announcements.some((a) => /<[a-z]+[ >]/.test(a.body))).toBe(true);
    for (const p of cat.publishers)
      expect(
        cat.publisher_news.some((n) => n.publisher_id === p.id),
        p.name,
      ).toBe(true);
    expect(new Set(cat.questionnaires.map((q) => q.lang))).toEqual(new Set(['eng', 'esp', 'fra', 'tha']));
    const qs = JSON.parse(cat.questionnaires[0].questions) as Array<{
      numberOfChoices?: number;
      hideFreeform?: boolean;
      freeForm?: string;
    }>;
    expect(qs.some((q) => (q.numberOfChoices ?? 1) === 1)).toBe(true);
    expect(qs.some((q) => (q.numberOfChoices ?? 1) > 1)).toBe(true);
    expect(qs.some((q) => !q.hideFreeform && !!q.freeForm)).toBe(true);
  });
});
