import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import sharp from 'sharp';
import type { Page, Request } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import type { Series } from '../../core/console/schemas/catalog';
import { UPLOAD_CHUNK_BYTES } from '../../console/screens/chapters/uploader';
import { fakeSubscription } from '../server/pushLoopback';
import { seriousAxe, settled } from './consoleSupport';

/** A file as Playwright's setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Page `n` of a chapter: a portrait page of its own colour, PNG or JPEG in turn (both are what editors upload). */
export async function pageImage(n: number, prefix = 'page'): Promise<UploadFile> {
  const img = sharp({
    create: { width: 360, height: 510, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } },
  });
  const png = n % 2 === 1;
  const name = `${prefix}-${String(n).padStart(2, '0')}.${png ? 'png' : 'jpg'}`;
  return { name, mimeType: png ? 'image/png' : 'image/jpeg', buffer: await (png ? img.png() : img.jpeg()).toBuffer() };
}

/** A page of noise, too big to send in one chunk (noise does not compress): the upload takes several PATCH requests. */
export async function bigPage(name: string): Promise<UploadFile> {
  const side = 1800;
  const buffer = await sharp({
    create: { width: side, height: side, channels: 3, background: 'gray', noise: { type: 'gaussian', mean: 128, sigma: 70 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (buffer.length < 2 * UPLOAD_CHUNK_BYTES) throw new Error(`the noise page is ${buffer.length} bytes: not two chunks`);
  return { name, mimeType: 'image/png', buffer };
}

/** A CBZ: a zip of `count` page images in a folder, as scanners make them. */
export async function cbz(name: string, count: number): Promise<UploadFile> {
  const zip = new ZipArchive();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    zip.on('error', reject);
  });
  zip.pipe(out);
  for (let i = 1; i <= count; i++) {
    const p = await pageImage(i, 'scan');
    zip.append(p.buffer, { name: `chapter/${p.name}` });
  }
  void zip.finalize();
  await ended;
  return { name, mimeType: 'application/zip', buffer: Buffer.concat(chunks) };
}

/**
 * A reader favourites the title in the reader's UI and registers a push
 * subscription, in the service language `lang`, that points at the loopback push service (as push.test.ts
 * does: headless Chromium reaches no vendor push service offline).
 */
export async function subscribeReader(reader: Page, titleId: number, endpoint: string, lang = 'eng') {
  await reader.goto(`/titles/${titleId}`);
  await reader.getByRole('button', { name: 'Add to favorites' }).click();
  await reader.getByRole('button', { name: 'Favorited' }).waitFor();
  const sub = fakeSubscription(endpoint);
  const status = await reader.evaluate(
    async ({ key, token, lang }) => {
      const r = await fetch(`/api/web_push_token?push_token=${encodeURIComponent(token)}&lang=${lang}`, {
        method: 'POST',
        headers: { 'SESSION-TOKEN': localStorage.getItem(key) ?? '' },
      });
      return r.status;
    },
    { key: STORAGE.sessionId, token: sub.json, lang },
  );
  if (status !== 200) throw new Error(`the push subscription was refused: ${status}`);
  return sub;
}

/**
 * The datetime-local value of an instant (ms) in a time zone, to the minute: worked out here apart from the
 * console's own console/app/zonedTime.ts, so the test checks that code rather than repeating it.
 */
export function wallClock(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A new draft of the title from its chapters screen; answers its id (the screen goes to the chapter). */
export async function newDraft(editor: Page, titleId: number, name: string, subTitle = ''): Promise<number> {
  await editor.goto(`/console/titles/${titleId}/chapters`);
  await settled(editor, 'Chapters');
  await editor.getByLabel('Chapter name').fill(name);
  await editor.getByLabel('Subtitle').fill(subTitle);
  await editor.getByRole('button', { name: 'Create draft' }).click();
  await editor.waitForURL(/\/console\/chapters\/\d+$/);
  await settled(editor, `Chapter: ${name}`);
  return Number(/(\d+)$/.exec(editor.url())![1]);
}

/** Records, in the page, what the upload panel showed: each total line, and the most file bars seen full at once. */
export async function watchUpload(editor: Page) {
  await editor.evaluate(() => {
    const w = window as unknown as { __seen: { totals: string[]; fullBars: number; notices: string[] } };
    w.__seen = { totals: [], fullBars: 0, notices: [] };
    const look = () => {
      const total = document.querySelector('.c-upload__total')?.textContent ?? '';
      if (total && w.__seen.totals.at(-1) !== total) w.__seen.totals.push(total);
      const bars = [...document.querySelectorAll<HTMLProgressElement>('.c-upload__file progress')];
      w.__seen.fullBars = Math.max(w.__seen.fullBars, bars.filter((b) => b.value === b.max).length);
      const notice = document.querySelector('.c-upload .c-notice')?.textContent ?? '';
      if (notice && w.__seen.notices.at(-1) !== notice) w.__seen.notices.push(notice);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
export const seen = (editor: Page) =>
  editor.evaluate(() => (window as unknown as { __seen: { totals: string[]; fullBars: number; notices: string[] } }).__seen);

/** Picks the files on the upload panel's input (they are sent as they are picked), and waits until their pages are made. */
export async function upload(editor: Page, input: 'Images' | 'A CBZ or ZIP', files: UploadFile[]) {
  await watchUpload(editor);
  const accept = input === 'Images' ? 'image/*' : '.cbz,.zip,application/zip';
  await editor.locator(`.c-upload input[type="file"][accept="${accept}"]`).setInputFiles(files);
  await editor.getByText('The pages are on the board.').waitFor({ timeout: 120_000 });
}

/** The board's pages in order, by file name. */
export const boardNames = (editor: Page) =>
  editor.locator('.c-board__thumb').evaluateAll((bs) => bs.map((b) => /: (.*)$/.exec(b.getAttribute('aria-label') ?? '')?.[1] ?? ''));

/** Screenshots of the screens in en and ja, at phone and desktop sizes, into `dir`; answers axe's serious findings (en, desktop). */
export async function shootScreens(page: Page, screens: Record<string, string>, dir: string): Promise<string[]> {
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
  const found: string[] = [];
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('console.lang', l), lang);
    for (const [kind, size] of Object.entries(sizes)) {
      await page.setViewportSize(size);
      for (const [slug, url] of Object.entries(screens)) {
        await page.goto(url);
        await settled(page);
        if (lang === 'en' && kind === 'desktop') found.push(...(await seriousAxe(page, slug)));
        await page.screenshot({ path: path.join(dir, `${lang}-${kind}-${slug}.png`), fullPage: true });
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
  return found;
}

/**
 * The connection drops as an upload's second PATCH is sent (the context goes offline and the request fails); `log`
 * gathers the upload requests as "METHOD offset"; `stop` ends the interception.
 */
export async function dropOnSecondPatch(page: Page) {
  const ctx = page.context();
  const log: string[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes('/console/api/uploads')) log.push(`${r.method()} ${r.headers()['upload-offset'] ?? ''}`.trim());
  };
  page.on('request', onRequest);
  let patches = 0;
  await ctx.route('**/console/api/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) {
      await ctx.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });
  return {
    log,
    stop: async () => {
      await ctx.unrouteAll({ behavior: 'wait' });
      page.off('request', onRequest);
    },
  };
}

/** The first demo series with an English title and one in another language. */
export async function seriesWithTwoLanguages(page: Page): Promise<Series> {
  const list = (await (await page.request.get('/console/api/series')).json()) as { series: { id: number }[] };
  for (const s of list.series) {
    const full = (await (await page.request.get(`/console/api/series/${s.id}`)).json()) as Series;
    if (full.titles.some((x) => x.language === 'en') && full.titles.some((x) => x.language !== 'en')) return full;
  }
  throw new Error('no demo series has titles in two languages');
}
