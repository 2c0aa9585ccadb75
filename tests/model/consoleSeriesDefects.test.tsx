import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TitleFull } from '../../core/console/schemas/catalog';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import ja from '../../console/i18n/locales/ja.json';
import { TitlesPanel } from '../../console/screens/series/TitlesPanel';
import { LanguagePicker } from '../../console/ui/edit/LanguagePicker';
import { Breadcrumbs } from '../../console/ui/Breadcrumbs';

const title = (id: number, language: string, name: string): TitleFull => ({
  id,
  seriesId: 1,
  language,
  name,
  author: '',
  overview: '',
  viewingPeriod: '',
  nonAppearance: '',
  isNew: false,
  images: { portrait: '', landscape: '', background: '', favorite: '' },
  version: 0,
  readers: 'draft',
  soonAt: 0,
  soonText: '',
});

/** Issue 47's defects in the series screens, each as the member met it. */
describe('the series screens', () => {
  beforeAll(() => setMessages('en', en, en));
  afterEach(cleanup);

  it('a brand-new series tells its editor it has no title yet, not that none of its languages are theirs', () => {
    render(<TitlesPanel titles={[]} languages={[]} editor onSaved={() => {}} />);
    expect(screen.queryByText(en['console.titles.noneYours'])).toBeNull();
    expect(screen.getByText(en['console.titles.noneYet'])).toBeTruthy();
  });

  it('a localizer with none of the languages is still told so', () => {
    render(<TitlesPanel titles={[title(1, 'en', 'Harbour')]} languages={['th']} editor={false} onSaved={() => {}} />);
    expect(screen.getByText(en['console.titles.noneYours'])).toBeTruthy();
  });

  it('with one language the side-by-side editor shows it once, to edit, and no reference picker', () => {
    render(<TitlesPanel titles={[title(1, 'en', 'Harbour')]} languages={[]} editor onSaved={() => {}} />);
    expect(screen.getAllByRole('form', { name: 'English' })).toHaveLength(1);
    expect(screen.queryByLabelText(en['console.titles.reference'])).toBeNull();
  });

  it('with two languages both sides show, the reference read only', () => {
    render(<TitlesPanel titles={[title(1, 'en', 'Harbour'), title(2, 'ja', '港')]} languages={[]} editor onSaved={() => {}} />);
    expect(screen.getAllByRole('form')).toHaveLength(2);
  });

  it('a count of languages follows the plural rules: 1 language, 2 languages; Japanese has one form', () => {
    const { rerender } = render(<LanguagePicker value={['en']} onChange={() => {}} />);
    expect(screen.getByText('1 language')).toBeTruthy();
    rerender(<LanguagePicker value={['en', 'th']} onChange={() => {}} />);
    expect(screen.getByText('2 languages')).toBeTruthy();
    setMessages('ja', ja, en);
    rerender(<LanguagePicker value={['en']} onChange={() => {}} />);
    expect(screen.getByText('1 言語')).toBeTruthy();
    setMessages('en', en, en);
  });

  it('breadcrumbs: every crumb a link but the page itself, marked as the current page', () => {
    render(
      <Breadcrumbs
        label="Where you are"
        items={[{ label: 'Series', href: '/series' }, { label: 'Harbour', href: '/series/1' }, { label: '#1' }]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Where you are' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Series', 'Harbour']);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('#1');
  });
});
