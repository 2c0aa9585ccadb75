import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewerBrowser } from './viewerBrowser';

/**
 * The viewer's settings and language dialogs on the demo catalog's
 * /viewer/1000013 (item 1): every option's text, selected or not,
 * disabled or not, hovered, reaches WCAG AA contrast (4.5:1) against what is
 * painted behind it, and keyboard focus is visible. The reader settings
 * too: their sliders with labels and values, group legends, the
 * reset button, in vertical and horizontal reading. Screenshots go to
 * .tmp/screenshots/issue15/viewer/.
 */
const SHOTS = '.tmp/screenshots/issue15/viewer';
const CHAPTER = 1000013;
const AA = 4.5;

interface TextContrast {
  option: string;
  text: string;
  ratio: number;
  background: string;
}

/**
 * For every element with its own text inside the open dialog's options: its colour against the
 * background behind it (the ancestors' backgrounds composited), as a contrast ratio. A page script
 * as a string (the page's CSP and bundler helpers rule out function sources).
 */
const CONTRAST = `(() => {
  const parse = (c) => {
    const p = c.match(/[\\d.]+/g).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reduceRight((under, top) => over(top, under), [255, 255, 255]);
  };
  const lum = (rgb) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const out = [];
  const controls = ['.viewer-option', '.viewer-range', '.viewer-subgroup > legend', '.viewer-reset'].map((c) => '[role=dialog] ' + c).join(', ');
  for (const option of document.querySelectorAll(controls)) {
    for (const el of [option, ...option.querySelectorAll('*')]) {
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim();
      if (!own) continue;
      const bg = behind(el);
      const fg = over(parse(getComputedStyle(el).color), bg);
      out.push({ option: option.textContent.trim(), text: own, ratio: Math.round(ratio(fg, bg) * 100) / 100, background: bg.map(Math.round).join(',') });
    }
  }
  return out;
})()`;

/** The controls part of the settings: keys, tap zones, the wheel, motion. */
const CONTROLS = [
  ...['Keys', 'Reset keys to defaults'],
  ...[
    'Tap zones',
    'Edges',
    'L shape',
    'Kindle style',
    'Left and right',
    'Off',
    'Swap left and right',
    'Swap top and bottom',
    'Show tap zones',
  ],
  ...['Mouse wheel', 'Scrolls (turns pages when reading across)', 'Always turns pages'],
  ...['Motion', 'Follow the system setting', 'Reduce motion', 'Full motion'],
];

const CONTROL_OPTIONS = 12;

describe('viewer dialogs: readable options', () => {
  const vb = viewerBrowser(SHOTS);
  let page: Page;
  beforeAll(async () => {
    // Manual clocks: the navigation bar stays up, so its buttons can be pressed.
    ({ page } = await vb.open({ window: 'wide', clocks: 'manual' }));
    await page.goto(`/viewer/${CHAPTER}`);
    await page.getByTestId('viewer-settings-button').waitFor();
  });
  // A failed check leaves no dialog open over the next test's buttons.
  afterEach(async () => {
    if (await page.getByRole('dialog').count()) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  const contrasts = () => page.evaluate<TextContrast[]>(CONTRAST);
  const expectReadable = (all: TextContrast[]) => {
    const poor = all.filter((c) => c.ratio < AA);
    expect(poor, JSON.stringify(poor)).toEqual([]);
  };

  async function hoverAndFocus(optionCount: number) {
    const options = page.locator('[role=dialog] .viewer-option');
    expect(await options.count()).toBe(optionCount);
    for (let i = 0; i < optionCount; i++) {
      const before = await options.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor);
      await options.nth(i).hover();
      const all = await contrasts();
      expectReadable(all);
      // An option that can be picked shows the pointer is on it.
      const pickable = await options.nth(i).locator('input:not(:disabled):not(:checked)').count();
      if (pickable) expect(await options.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
    }
    await page.mouse.move(0, 450);
  }

  it('settings: page resolution and reading direction, selected and not, hovered, focused', async () => {
    await page.getByTestId('viewer-settings-button').click();
    await page.getByRole('dialog').waitFor();
    const all = await contrasts();
    // Low, Medium, High and Vertical, Horizontal: one selected in each group, the others not; then
    // the reader settings of vertical reading (the column for each window shape, crop, colours).
    const column = ['Largest page width', '800 px', 'Side margins', '0 px'];
    const colours = ['Brightness', '100%', 'Contrast', '100%', 'Grayscale', 'Sepia', 'Invert colours', 'Reset colours'];
    expect(all.map((c) => c.text)).toEqual([
      ...['Low', 'Medium', 'High', 'Vertical', 'Horizontal'],
      ...[
        'Upright window',
        ...column,
        'Wide window',
        ...column,
        'Crop white and black borders',
        'E-ink mode',
        'No animation, a black flash on page turns, black on white, larger tap zones.',
      ],
      ...colours,
      ...CONTROLS,
    ]);
    expectReadable(all);
    const checked = await page.locator('[role=dialog] .viewer-option:has(input:checked)').count();
    // One in each group: resolution, direction, tap zones, the wheel, motion.
    expect(checked).toBe(5);
    await page.screenshot({ path: `${SHOTS}/dialog-settings.png` });
    // 3 resolutions, 2 directions, crop, e-ink and 3 colour toggles, then 5 tap-zone layouts and their 2 swaps, 2 wheel and 3 motion choices.
    await hoverAndFocus(10 + CONTROL_OPTIONS);

    // Keyboard focus on an option is visible (an outline around it).
    // Keyboard focus moves from the dialog through its close button to the first option.
    await page.getByRole('dialog').focus();
    const focused = page.locator('[role=dialog] .viewer-option:has(input:focus-visible)');
    for (let i = 0; i < 5 && !(await focused.count()); i++) await page.keyboard.press('Tab');
    expect(await focused.count()).toBe(1);
    expect(await focused.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth))).toBeGreaterThanOrEqual(2);
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.screenshot({ path: `${SHOTS}/dialog-settings-focus.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('settings in horizontal reading: fit, first page alone, spread offset; a slider and a toggle changed; focus visible on a slider', async () => {
    await page.getByTestId('viewer-settings-button').click();
    await page.getByRole('dialog').getByRole('radio', { name: 'Horizontal' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'Fit width' }).waitFor();
    await page.getByRole('dialog').getByRole('checkbox', { name: 'Sepia' }).check();
    await page.getByRole('dialog').getByRole('slider', { name: 'Contrast' }).fill('120');
    const all = await contrasts();
    expect(all.map((c) => c.text)).toEqual([
      ...['Low', 'Medium', 'High', 'Vertical', 'Horizontal'],
      ...['Page fit', 'Fit to screen', 'Fit width', 'Fit height', 'Original size'],
      ...[
        'First page alone (cover)',
        'Shift spreads by one page (this title)',
        'Key: O',
        'Split wide pages',
        'A two-page spread shows as its halves, one at a time, in reading order.',
      ],
      ...['Crop white and black borders', 'E-ink mode', 'No animation, a black flash on page turns, black on white, larger tap zones.'],
      ...['Brightness', '100%', 'Contrast', '120%', 'Grayscale', 'Sepia', 'Invert colours', 'Reset colours'],
      ...CONTROLS,
    ]);
    expectReadable(all);
    await page.screenshot({ path: `${SHOTS}/dialog-settings-horizontal.png`, fullPage: true });
    await hoverAndFocus(17 + CONTROL_OPTIONS);
    await page.getByRole('dialog').getByRole('slider', { name: 'Brightness' }).focus();
    await page.keyboard.press('ArrowLeft');
    const ring = page.locator('[role=dialog] .viewer-range:has(input:focus-visible)');
    expect(await ring.count()).toBe(1);
    expect(await ring.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    expect(await page.getByRole('dialog').getByRole('slider', { name: 'Brightness' }).inputValue()).toBe('95');
    // Back as found: colours reset, vertical reading.
    await page.getByRole('dialog').getByRole('button', { name: 'Reset colours' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'Vertical' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('language: the current language (selected, disabled) and every other one', async () => {
    await page.getByTestId('viewer-language-button').click();
    await page.getByRole('dialog').waitFor();
    const options = await page.locator('[role=dialog] .viewer-option').count();
    expect(options).toBeGreaterThanOrEqual(2);
    const all = await contrasts();
    expect(all.filter((c) => c.text !== 'NEW').length).toBe(options);
    expectReadable(all);
    expect(await page.locator('[role=dialog] .viewer-option:has(input:checked:disabled)').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/dialog-language.png` });
    await hoverAndFocus(options);
  });
});
