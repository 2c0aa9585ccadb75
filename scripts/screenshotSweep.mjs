// The screenshot sweep: every route of the route table, at phone (390×844, touch) and desktop
// (1440×900) sizes, in all nine service languages, as a first-time reader whose browser speaks
// that language would see it. Writes .tmp/screenshots/sweep/<lang>/<size>-<route>.png and one
// contact sheet per route and size (.tmp/screenshots/sweep/sheets/<size>-<route>.png, the nine
// languages side by side) to look at. Not a test: it prints what it could not open and the pages'
// errors, and exits 1 if there were any.
//
//   npm run build && node --import tsx scripts/screenshotSweep.mjs [--url http://host:port] [--lang fr,th] [--only updates,viewer]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { LANGUAGES } from '../core/languages.ts';
import { launchBrowser, PHONE, startServer } from '../tests/e2e/harness.ts';

const OUT = '.tmp/screenshots/sweep';
const { values: args } = parseArgs({
  options: { url: { type: 'string' }, lang: { type: 'string' }, only: { type: 'string' }, size: { type: 'string' } },
});
const SIZES = (args.size ?? 'desktop,phone').split(',');

const server = args.url ? null : await startServer({ DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data' });
const base = args.url ?? server.url;

async function api(p, q = {}) {
  const u = new URL(`/api${p}`, base);
  for (const [k, v] of Object.entries({ ...q, format: 'json' })) u.searchParams.set(k, String(v));
  const r = await fetch(u);
  if (!r.ok) throw new Error(`${u}: ${r.status}`);
  return (await r.json()).success;
}

// Ids from the demo catalog, read as a client would.
const list = await api('/title_list/all_v3', { type: 'serializing', lang: 'eng', clang: 'en' });
const titleId = list.searchView.allTitlesGroup.flatMap((g) => g.titles).find((t) => !t.language).titleId;
const detail = (await api('/title_detailV3', { title_id: titleId, clang: 'en' })).titleDetailView;
const chapterId = detail.chapterListGroup.flatMap((g) => g.firstChapterList ?? [])[0].chapterId;
const publisherId = detail.publisherItems.find((p) => p.publisherNews).publisherNews.publisherId;

/** Route slug → path; `{lang}` is the language's short code. */
const ROUTES = {
  updates: '/updates',
  featured: '/featured',
  favorited: '/favorited',
  ranking: '/ranking/hottest',
  manga_list: '/manga_list/ongoing',
  'manga_list-one_shot': '/manga_list/one_shot',
  title: `/titles/${titleId}`,
  viewer: `/viewer/${chapterId}`,
  comments: `/comments/${chapterId}`,
  search: '/search_result?keyword=a',
  'search-empty': '/search_result',
  announcement: '/announcement',
  publisher_news: `/publisher_news/${publisherId}`,
  feedback: '/feedback',
  about_us: '/about_us',
  rating: '/rating/{lang}',
  faq: '/faq',
  terms: '/terms_web_ja',
  'webview-announcement': '/webview/announcement/{lang}',
  'webview-faq': '/webview/faq/{lang}',
  'webview-questionnaire': '/webview/questionnaire/{lang}/demo2026',
  blocking: '/blocking',
  maintenance: '/maintenance',
  error: '/error',
  'not-found': '/no_such_page',
};
const langs = LANGUAGES.filter((l) => !args.lang || args.lang.split(',').includes(l.short));
/** Sheets show every language found on disk, whichever this run took. */
const sheetLangs = LANGUAGES;
const routes = Object.entries(ROUTES).filter(([slug]) => !args.only || args.only.split(',').includes(slug));
const problems = [];

for (const kind of SIZES) {
  for (const lang of langs) {
    // A browser per language and size: one crash costs one pass, not the sweep.
    const browser = await launchBrowser();
    const dir = path.join(OUT, lang.short);
    fs.mkdirSync(dir, { recursive: true });
    // A reader whose browser speaks the language; install links stay here (no internet).
    const size = kind === 'phone' ? PHONE : { viewport: { width: 1440, height: 900 } };
    const ctx = await browser.newContext({ ...size, baseURL: base, locale: lang.locale });
    await ctx.route('https://app.example.org/**', (r) =>
      r.fulfill({ status: 200, contentType: 'text/html', body: '<h1>App install</h1>' }),
    );
    const page = await ctx.newPage();
    page.on('pageerror', (e) => problems.push(`${lang.short} ${kind} ${page.url()}: ${e.message}`));
    for (const [slug, p] of routes) {
      try {
        await page.goto(base + p.replace('{lang}', lang.short), { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(dir, `${kind}-${slug}.png`) });
      } catch (e) {
        problems.push(`${lang.short} ${kind} ${slug}: ${e.message.split('\n')[0]}`);
      }
    }
    await browser.close();
    console.log(`${kind} ${lang.short}: ${routes.length} routes`);
  }
}
await server?.stop();

// Contact sheets: the nine languages of one route and size in a 3-column grid, at half size.
fs.mkdirSync(path.join(OUT, 'sheets'), { recursive: true });
for (const kind of ['desktop', 'phone']) {
  for (const [slug] of routes) {
    const tiles = sheetLangs.map((l) => path.join(OUT, l.short, `${kind}-${slug}.png`)).filter((f) => fs.existsSync(f));
    if (!tiles.length) continue;
    const w = kind === 'desktop' ? 720 : 195;
    const h = kind === 'desktop' ? 450 : 422;
    const cols = 3;
    const rows = Math.ceil(tiles.length / cols);
    const composite = await Promise.all(
      tiles.map(async (f, i) => ({
        input: await sharp(f).resize(w, h, { fit: 'contain', background: '#888' }).toBuffer(),
        left: (i % cols) * (w + 4),
        top: Math.floor(i / cols) * (h + 4),
      })),
    );
    await sharp({ create: { width: cols * (w + 4), height: rows * (h + 4), channels: 3, background: '#f0f' } })
      .composite(composite)
      .png()
      .toFile(path.join(OUT, 'sheets', `${kind}-${slug}.png`));
  }
}
for (const p of problems) console.log(`problem: ${p}`);
console.log(`${langs.length * routes.length * 2} screenshots in ${OUT}; ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
