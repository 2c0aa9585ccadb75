import { describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './deferredStyles';
import { DEFERRED_STYLE } from '../../core/pageMarkup';

/** The stylesheets a viewer page links for print until the entry applies them (server/plugins/web.ts). */
describe('deferred stylesheets', () => {
  const link = (deferred: boolean) => {
    const l = document.createElement('link');
    l.rel = 'stylesheet';
    l.href = `data:text/css,body{}`;
    if (deferred) {
      l.media = 'print';
      l.setAttribute(DEFERRED_STYLE, '');
    }
    document.head.append(l);
    return l;
  };

  it('applies them to the screen and waits for each still loading (loaded or failed)', async () => {
    const a = link(true);
    const b = link(true);
    const other = link(false);
    other.media = 'print';
    let done = false;
    const p = applyDeferredStyles().then(() => (done = true));
    expect([a.media, b.media]).toEqual(['all', 'all']);
    expect(a.hasAttribute(DEFERRED_STYLE) || b.hasAttribute(DEFERRED_STYLE)).toBe(false);
    // A stylesheet linked for print on purpose is left alone.
    expect(other.media).toBe('print');
    await Promise.resolve();
    expect(done).toBe(false);
    a.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    b.dispatchEvent(new Event('error'));
    await p;
    expect(done).toBe(true);
    for (const l of [a, b, other]) l.remove();
  });

  it('resolves at once when there are none', async () => {
    await expect(applyDeferredStyles()).resolves.toBeUndefined();
  });
});
