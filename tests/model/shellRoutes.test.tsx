import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { SuccessResultSchema } from '../../core/gen/manga/v1/response_pb';
import { Language } from '../../core/gen/manga/v1/common_pb';
import { navigate } from 'wouter/use-browser-location';
import { loadTestMessages } from './shellHelpers';

vi.mock('../../src/api/client', async (orig) => {
  const real = await orig<typeof ClientModule>();
  return { ...real, call: vi.fn() };
});
// Other engineers' screens are stood in for: this file tests the table, not them.
vi.mock('../../src/screens/home/HomeScreen', () => ({ default: () => <main data-screen="home" /> }));
vi.mock('../../src/screens/featured/FeaturedScreen', () => ({ default: () => <main data-screen="featured" /> }));
vi.mock('../../src/screens/favorited/FavoritedScreen', () => ({ default: () => <main data-screen="favorited" /> }));
vi.mock('../../src/screens/ranking/RankingScreen', () => ({ default: () => <main data-screen="ranking" /> }));
vi.mock('../../src/screens/manga_list/MangaListScreen', () => ({ default: () => <main data-screen="manga_list" /> }));
vi.mock('../../src/screens/title/TitleScreen', () => ({ default: () => <main data-screen="title" /> }));
vi.mock('../../src/screens/viewer/ViewerScreen', () => ({ default: () => <main data-screen="viewer" /> }));
vi.mock('../../src/screens/comments/CommentsScreen', () => ({ default: () => <main data-screen="comments" /> }));
vi.mock('../../src/screens/search/SearchScreen', () => ({ default: () => <main data-screen="search" /> }));
vi.mock('../../src/screens/announcement/AnnouncementScreen', () => ({ default: () => <main data-screen="announcement" /> }));
vi.mock('../../src/screens/publisher_news/PublisherNewsScreen', () => ({ default: () => <main data-screen="publisher_news" /> }));
vi.mock('../../src/screens/questionnaire/QuestionnaireScreen', () => ({ default: () => <main data-screen="questionnaire" /> }));
vi.mock('../../src/screens/machines/MachinesScreen', () => ({ default: () => <main data-screen="machines" /> }));
import { call } from '../../src/api/client';
import type * as ClientModule from '../../src/api/client';
import { App } from '../../src/app/App';

const languages = create(SuccessResultSchema, {
  languages: {
    defaultUiLanguage: Language.ENGLISH,
    defaultContentLanguageOne: Language.ENGLISH,
    defaultContentLanguageTwo: Language.SPANISH,
    defaultContentLanguageThree: Language.FRENCH,
    availableLanguages: [{ language: Language.ENGLISH, titlesCount: 12 }],
  },
});

beforeEach(() => {
  loadTestMessages();
  vi.mocked(call).mockReset();
  vi.mocked(call).mockImplementation((path: string) => Promise.resolve(path === '/language' ? languages : create(SuccessResultSchema, {})));
  window.scrollTo = vi.fn() as never;
});

async function at(path: string) {
  window.history.replaceState(null, '', path);
  // (An act whose callback returns a promise: it waits for what the render started.)
  await act(() => {
    render(<App />);
    return Promise.resolve();
  });
}

const cases: [string, string, string][] = [
  ['/', '/updates', 'home'],
  ['/main', '/updates', 'home'],
  ['/ranking', '/ranking/hottest', 'ranking'],
  ['/ranking/trending', '/ranking/trending', 'ranking'],
  ['/manga_list', '/manga_list/ongoing', 'manga_list'],
  ['/manga_list/all', '/manga_list/ongoing', 'manga_list'],
  ['/manga_list/browser_a', '/manga_list/ongoing', 'manga_list'],
  ['/manga_list/browser_z', '/manga_list/ongoing', 'manga_list'],
  ['/manga_list/updated', '/manga_list/ongoing', 'manga_list'],
  ['/manga_list/one_shot', '/manga_list/one_shot', 'manga_list'],
  ['/featured', '/featured', 'featured'],
  ['/favorited', '/favorited', 'favorited'],
  ['/titles/100001', '/titles/100001', 'title'],
  ['/comments/5', '/comments/5', 'comments'],
  ['/search_result?keyword=one', '/search_result', 'search'],
  ['/announcement', '/announcement', 'announcement'],
  ['/publisher_news/1', '/publisher_news/1', 'publisher_news'],
  ['/feedback', '/feedback', 'feedback'],
  ['/about_us', '/about_us', 'about'],
  ['/rating', '/rating/en', 'rating'],
  ['/faq', '/faq', 'faq'],
  ['/blocking', '/blocking', 'blocking'],
  ['/maintenance', '/maintenance', 'maintenance'],
  ['/error', '/error', 'not-found'],
  ['/no/such/page', '/no/such/page', 'not-found'],
  ['/ranking/nope', '/ranking/nope', 'not-found'],
  ['/viewer/1000', '/viewer/1000', 'viewer'],
  ['/terms_web_ja', '/terms_web_ja', 'terms'],
  ['/topus', '/topus', 'campaign'],
  ['/webview/faq/esp', '/webview/faq/esp', 'faq'],
];

describe('route table', () => {
  it.each(cases)('%s → %s shows %s', async (from, path, screenName) => {
    await at(from);
    await waitFor(() => expect(document.querySelector(`[data-screen="${screenName}"]`)).not.toBeNull(), { timeout: 20_000 });
    expect(window.location.pathname).toBe(path);
  });

  it('moving on from a screen whose chunk had already run shows the next screen', async () => {
    // The route table preloads the first screen's chunk (home here), so home renders without
    // Suspense; the screen routed next in the same place must still replace it.
    await at('/updates');
    await waitFor(() => expect(document.querySelector('[data-screen="home"]')).not.toBeNull(), { timeout: 20_000 });
    for (const [path, name] of [
      ['/featured', 'featured'],
      ['/search_result?keyword=x', 'search'],
      ['/updates', 'home'],
    ] as const) {
      await act(() => {
        navigate(path);
        return Promise.resolve();
      });
      await waitFor(() => expect(document.querySelector(`[data-screen="${name}"]`)).not.toBeNull(), { timeout: 20_000 });
    }
  });

  it('keeps the shell off the viewer and on the rest', async () => {
    await at('/viewer/1000');
    await waitFor(() => expect(document.querySelector('[data-screen="viewer"]')).not.toBeNull(), { timeout: 20_000 });
    expect(document.querySelector('header.header')).toBeNull();
  });

  it('the not-found page is titled Page Not Found and noindex', async () => {
    await at('/nowhere');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
