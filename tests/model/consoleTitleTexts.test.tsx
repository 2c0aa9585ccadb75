import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TitleFull } from '../../core/console/schemas/catalog';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { TitleTexts } from '../../console/screens/series/TitleTexts';

const TITLE: TitleFull = {
  id: 7,
  seriesId: 1,
  language: 'es',
  name: 'Puerto',
  author: 'A. Writer',
  overview: 'Barcos.',
  viewingPeriod: '',
  nonAppearance: '',
  isNew: false,
  images: { portrait: '', landscape: '', background: '', favorite: '' },
  version: 3,
  readers: 'live',
  soonAt: 0,
  soonText: '',
};

/** Issue 46, item 11: a localizer is not offered the title's isNew flag (an editor's), and says why; a save leaves it out. */
describe('a title’s texts in the console', () => {
  beforeAll(() => setMessages('en', en, en));

  const form = (flags: boolean, saved: unknown[]) => {
    const { unmount } = render(<TitleTexts title={TITLE} heading="Español" flags={flags} onSave={(v) => saved.push(v)} />);
    const f = within(screen.getByRole('form', { name: 'Español' }));
    return { f, unmount };
  };

  it('for a localizer: the flag disabled with its reason, the texts saved without it', () => {
    const saved: unknown[] = [];
    const { f, unmount } = form(false, saved);
    const flag = f.getByRole('checkbox', { name: en['console.titles.isNew'] });
    expect((flag as HTMLInputElement).disabled).toBe(true);
    expect(flag.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(flag.getAttribute('aria-describedby')!)?.textContent).toBe(en['console.titles.isNewEditors']);
    fireEvent.change(f.getByLabelText(en['console.titles.overview']), { target: { value: 'Más barcos.' } });
    fireEvent.click(f.getByRole('button', { name: en['console.common.save'] }));
    expect(saved).toEqual([{ name: 'Puerto', author: 'A. Writer', overview: 'Más barcos.', viewingPeriod: '', nonAppearance: '' }]);
    unmount();
  });

  it('for an editor: the flag offered and saved', () => {
    const saved: unknown[] = [];
    const { f, unmount } = form(true, saved);
    const flag = f.getByRole('checkbox', { name: en['console.titles.isNew'] });
    expect((flag as HTMLInputElement).disabled).toBe(false);
    expect(f.queryByText(en['console.titles.isNewEditors'])).toBeNull();
    fireEvent.click(flag);
    fireEvent.click(f.getByRole('button', { name: en['console.common.save'] }));
    expect(saved).toEqual([expect.objectContaining({ isNew: true, overview: 'Barcos.' })]);
    unmount();
  });
});
