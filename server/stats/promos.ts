import type { DB } from '../db/index.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';
import { byLanguage } from '../../core/languages.js';
import { counted } from './engagement.js';
import type { Period, Tallies } from './query.js';

const periodOf = (p: Period) => ({ tz: p.tz, from: p.from, to: p.to, by: p.by });
const rate = (taps: number, imps: number) => (imps ? taps / imps : 0);

/**
 * Taps and impressions of the items that log impressions: home banners and
 * popups send a tap log only, so their taps have no rate and would inflate
 * the overall one.
 */
function shown(per: Tallies): { taps: number; imps: number } {
  let taps = 0;
  let imps = 0;
  for (const [k, t] of per) {
    if (!k.startsWith('promo.imp\n') || !t.n) continue;
    imps += t.n;
    taps += per.get(`promo.tap\n${k.slice('promo.imp\n'.length)}`)?.n ?? 0;
  }
  return { taps, imps };
}

/** The title an action opens (its detail page, or a chapter of it in the viewer), else none. */
function actionTitle(url: string, chapterTitle: Map<number, number>): number | null {
  const m = /^mangaplus:\/\/open\/(detail|viewer)\?id=(\d+)$/.exec(url);
  if (!m) return null;
  return m[1] === 'detail' ? Number(m[2]) : (chapterTitle.get(Number(m[2])) ?? null);
}

/**
 * What each banner and popup is called in the table, and its picture: a popup by its subject, else (and a banner
 * always) by the title it opens or belongs to; its own image. null where nothing names it (the console says "Banner 12").
 */
async function itemNames(db: DB) {
  const [banners, popups] = await Promise.all([
    db.selectFrom('banners').select(['id', 'language', 'placement', 'title_id', 'action_url', 'image_url']).execute(),
    db.selectFrom('popups').select(['id', 'language', 'subject', 'action_url', 'image_url']).execute(),
  ]);
  const chapterIds = [...banners, ...popups]
    .flatMap((b) => /^mangaplus:\/\/open\/viewer\?id=(\d+)$/.exec(b.action_url)?.[1] ?? [])
    .map(Number);
  const chapters = chapterIds.length
    ? await db.selectFrom('chapters').select(['id', 'title_id']).where('id', 'in', chapterIds).execute()
    : [];
  const chapterTitle = new Map(chapters.map((ch) => [ch.id, ch.title_id]));
  const titleOf = new Map<string, number>();
  for (const b of banners) {
    const t = actionTitle(b.action_url, chapterTitle) ?? (b.title_id || null);
    if (t) titleOf.set(`b${b.id}`, t);
  }
  for (const x of popups) {
    const t = actionTitle(x.action_url, chapterTitle);
    if (t) titleOf.set(`p${x.id}`, t);
  }
  const titleIds = [...new Set(titleOf.values())];
  const titles = titleIds.length ? await db.selectFrom('titles').select(['id', 'name']).where('id', 'in', titleIds).execute() : [];
  const titleName = new Map(titles.map((x) => [x.id, x.name]));
  const named = (key: string) => titleName.get(titleOf.get(key) ?? 0) ?? null;
  return {
    banners,
    popups,
    banner: (id: number) => ({ name: named(`b${id}`), image: banners.find((b) => b.id === id)?.image_url ?? '' }),
    popup: (id: number) => {
      const x = popups.find((q) => q.id === id);
      return { name: x?.subject || named(`p${id}`), image: x?.image_url ?? '' };
    },
  };
}

/**
 * Banners and popups: impressions, taps and tap rate per item (by its name, with its picture as the row's `image`,
 * shown beside the name and left out of the CSV), kind, place and language, and per bucket.
 */
export async function promosDashboard(db: DB, p: Period): Promise<Dashboard> {
  const c = await counted(db, p, ['promo.imp', 'promo.tap'], (r) => `${r.dim}|${r.key}`);
  const items = await itemNames(db);
  const { banners, popups } = items;
  const lang = (l: number) => (l < 0 ? '*' : (byLanguage(l)?.short ?? String(l)));
  const bannerLang = new Map(banners.map((b) => [b.id, lang(b.language)]));
  const popupLang = new Map(popups.map((b) => [b.id, lang(b.language)]));
  // A home or list banner's tap log names no place: the banner's own placement does.
  const bannerPlace = new Map(banners.map((b) => [b.id, b.placement]));
  const rows = c.keys.map((k) => {
    const [kind = '', place = '', id = '0'] = k.split('|');
    const imps = c.n(c.perKey, `promo.imp\n${k}`);
    const taps = c.n(c.perKey, `promo.tap\n${k}`);
    const language = (kind === 'popup' ? popupLang : bannerLang).get(Number(id)) ?? '';
    return {
      kind,
      ...(kind === 'popup' ? items.popup(Number(id)) : items.banner(Number(id))),
      id: Number(id),
      place: place || (kind === 'popup' ? '' : (bannerPlace.get(Number(id)) ?? '')),
      language,
      impressions: imps,
      taps,
      // No impressions logged: no rate (shown as a dash), not 0%.
      rate: imps ? taps / imps : null,
    };
  });
  rows.sort((a, b) => b.impressions - a.impressions || a.id - b.id);
  const tot = (t: typeof c.cur, m: string) => t.get(m)?.n ?? 0;
  const [now, before] = [shown(c.perKey), shown(c.prevPerKey)];
  const imps = c.series('promo.imp');
  const taps = c.series('promo.tap');
  return {
    period: periodOf(p),
    totals: [
      { name: 'impressions', value: tot(c.cur, 'promo.imp'), previous: tot(c.prev, 'promo.imp') },
      { name: 'taps', value: tot(c.cur, 'promo.tap'), previous: tot(c.prev, 'promo.tap') },
      // No impressions before: no previous rate to compare with (not 0%).
      { name: 'rate', value: rate(now.taps, now.imps), previous: before.imps ? rate(before.taps, before.imps) : null },
    ],
    charts: [
      {
        id: 'promos',
        buckets: p.buckets,
        series: [
          { name: 'impressions', values: imps },
          { name: 'taps', values: taps },
        ],
      },
    ],
    tables: [
      {
        id: 'items',
        columns: [
          { key: 'kind', kind: 'text' },
          { key: 'name', kind: 'text' },
          { key: 'id', kind: 'int' },
          { key: 'place', kind: 'text' },
          { key: 'language', kind: 'text' },
          { key: 'impressions', kind: 'int' },
          { key: 'taps', kind: 'int' },
          { key: 'rate', kind: 'pct' },
        ],
        rows,
      },
      {
        id: 'buckets',
        columns: [
          { key: 'bucket', kind: 'text' },
          { key: 'impressions', kind: 'int' },
          { key: 'taps', kind: 'int' },
          { key: 'rate', kind: 'pct' },
        ],
        rows: p.buckets.map((b, i) => ({ bucket: b, impressions: imps[i], taps: taps[i], rate: imps[i] ? taps[i] / imps[i] : null })),
      },
    ],
  };
}

/** Survey answers per bucket and per survey (the answers themselves are part 3's). */
export async function surveysDashboard(db: DB, p: Period): Promise<Dashboard> {
  const c = await counted(db, p, ['survey'], (r) => r.dim);
  const keys = [...c.keys].sort();
  const total = (t: typeof c.cur) => t.get('survey')?.n ?? 0;
  return {
    period: periodOf(p),
    totals: [{ name: 'answers', value: total(c.cur), previous: total(c.prev) }],
    charts: [{ id: 'surveys', buckets: p.buckets, series: [{ name: 'answers', values: c.series('survey') }] }],
    tables: [
      {
        id: 'surveys',
        columns: [
          { key: 'survey', kind: 'text' },
          { key: 'answers', kind: 'int' },
        ],
        rows: keys.map((k) => ({ survey: k, answers: c.n(c.perKey, `survey\n${k}`) })),
      },
      {
        id: 'buckets',
        columns: [
          { key: 'bucket', kind: 'text' },
          { key: 'answers', kind: 'int' },
        ],
        rows: p.buckets.map((b, i) => ({ bucket: b, answers: c.series('survey')[i] })),
      },
    ],
  };
}
