import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * In one of the console's pickers (a WAI-ARIA combobox), types `text`, moves with the down arrow to the first option
 * whose text matches `option`, and chooses it with Enter, as a keyboard user does.
 */
export async function chooseInPicker(box: Locator, text: string, option: RegExp): Promise<void> {
  const page = box.page();
  await box.fill(text);
  await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 30_000 }).toBe('true');
  for (let i = 0; i < 30; i++) {
    const active = await box.getAttribute('aria-activedescendant');
    const shown = active ? ((await page.locator(`[id="${active}"]`).textContent()) ?? '') : '';
    if (option.test(shown)) return box.press('Enter');
    await box.press('ArrowDown');
  }
  throw new Error(`no option matching ${String(option)} for "${text}"`);
}
