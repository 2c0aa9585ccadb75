import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Thai drawn or boxes, in a browser that has no system Thai font (so only the face a page ships can draw it):
 * a fontconfig listing Latin-only font folders, the fonts Chromium used for an element's text, and the
 * pixels of that text against the same text drawn without the shipped face (boxes). The reader's proof
 * (reader3Fonts.test.ts) and the console's (consoleOwnPages.test.ts) both use it.
 */
const CONF_DIR = path.resolve('.tmp/fonts-no-thai');
const LATIN_ONLY_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/truetype/liberation',
  '/usr/share/fonts/truetype/liberation2',
];

/** FONTCONFIG_FILE for launchBrowser(): Latin-only system fonts. */
export function latinOnlyFontconfig(): string {
  fs.mkdirSync(CONF_DIR, { recursive: true });
  const dirs = LATIN_ONLY_DIRS.filter((d) => fs.existsSync(d));
  const file = path.join(CONF_DIR, 'fonts.conf');
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((d) => `  <dir>${d}</dir>\n`).join('')}  <cachedir>${CONF_DIR}/cache</cachedir>\n</fontconfig>\n`,
  );
  return file;
}

interface UsedFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium drew the element's own text with (DevTools protocol). */
export async function fontsOf(page: Page, selector: string): Promise<UsedFont[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

/**
 * Whether the element's Thai (its own text, else a field's value, else its placeholder) is drawn with the shipped
 * Noto Sans Thai: that face draws glyphs, and system fonts draw no more glyphs than the text has characters outside
 * Thai (spaces, digits). Boxes are system glyphs for Thai characters.
 */
export async function thaiFaceDraws(page: Page, selector: string): Promise<{ ok: boolean; fonts: UsedFont[] }> {
  const fonts = await fontsOf(page, selector);
  const nonThai = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '');
      const text = own.join('') || (el as HTMLInputElement).value || (el as HTMLInputElement).placeholder || '';
      return [...text].filter((c) => !/[\u0e00-\u0e7f]/.test(c)).length;
    });
  const thai = fonts.filter((f) => f.isCustomFont && f.familyName.startsWith('Noto Sans Thai'));
  const system = fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
  return { ok: thai.length > 0 && system <= nonThai, fonts };
}

/**
 * The element's pixels as the page draws it, and as it is drawn once its font list lacks the shipped face
 * (a Latin face only: the Thai then falls to the system, which draws boxes). They differ when the page draws
 * Thai; they are the same picture when it draws boxes too.
 */
export async function thaiPixels(el: Locator, shot: string): Promise<{ drawn: Buffer; boxes: Buffer }> {
  await el.evaluate(() => document.fonts.ready);
  const drawn = await el.screenshot({ path: shot, animations: 'disabled', caret: 'hide' });
  const before = await el.evaluate((e: HTMLElement) => {
    const was = e.style.fontFamily;
    e.style.fontFamily = '"DejaVu Sans"';
    return was;
  });
  const boxes = await el.screenshot({ path: shot.replace(/\.png$/, '-boxes.png'), animations: 'disabled', caret: 'hide' });
  await el.evaluate((e: HTMLElement, was: string) => void (e.style.fontFamily = was), before);
  return { drawn, boxes };
}
