import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within, cleanup } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import HomeScreen from '../../src/screens/home/HomeScreen';
import FeaturedScreen from '../../src/screens/featured/FeaturedScreen';
import RankingScreen from '../../src/screens/ranking/RankingScreen';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';

/** Home, featured and ranking rendered against the real server and demo catalog. */
describe('home, featured and ranking screens on the real API', () => {
  const api = useRealApi();
  beforeEach(() => {
    cleanup();
    loadTestMessages();
  });

  const show = (path: string) => {
    const loc = memoryLocation({ path, record: true });
    render(
      <Router hook={loc.hook}>
        <Switch>
          <Route path="/updates">
            <HomeScreen />
          </Route>
          <Route path="/featured">
            <FeaturedScreen />
          </Route>
          <Route path="/ranking/:tab">
            <RankingScreen />
          </Route>
          <Route path="/titles/:id">
            <p data-testid="title-page" />
          </Route>
        </Switch>
      </Router>,
    );
    return loc;
  };
  const catalogNames = () => new Set(api.catalog.titles.map((t) => t.name));
  const cardIds = (root: ParentNode = document) =>
    [...root.querySelectorAll<HTMLAnchorElement>('a.title-card')].map((a) => Number(a.dataset.titleId));
  const tapLogs = () => api.db.selectFrom('tap_logs').selectAll().where('kind', '=', 'banner').execute();

  it('home shows the catalog titles in update groups, featured lists and the hottest side list', async () => {
    show('/updates');
    await waitFor(() => expect(document.querySelector('[data-screen="home"]')).not.toBeNull());
    const names = catalogNames();
    const shown = [...document.querySelectorAll('.title-card__name')].map((n) => n.textContent);
    expect(shown.length).toBeGreaterThan(5);
    for (const n of shown) expect(names.has(n)).toBe(true);
    // Every card links to its title page.
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a.title-card')) expect(a.getAttribute('href')).toMatch(/^\/titles\/\d+$/);
    // Hottest: ranks 1.. in order, at most 25, linking to /ranking/hottest.
    const hottest = screen.getByRole('link', { name: /hottest/i });
    expect(hottest.getAttribute('href')).toBe('/ranking/hottest');
    const items = document.querySelectorAll('.hottest__item');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(25);
    // The featured list named Fantasy never shows on home.
    expect(screen.queryByRole('region', { name: 'Fantasy' })).toBeNull();
  });

  it('a carousel banner click (pointer barely moved) follows it and stores a banner tap log', async () => {
    const homeBanners = api.catalog.banners.filter((b) => b.placement === 'home_top');
    expect(homeBanners.length).toBeGreaterThan(0);
    const loc = show('/updates');
    const carousel = await screen.findByRole('region', { name: /banner/i });
    const slide = carousel.querySelector<HTMLAnchorElement>('.carousel__slide')!;
    const id = Number(slide.dataset.bannerId);
    expect(homeBanners.map((b) => b.id)).toContain(id);
    const before = (await tapLogs()).filter((r) => r.banner_id === id).length;
    fireEvent.pointerDown(slide, { clientX: 200 });
    fireEvent.click(slide, { clientX: 202 });
    await waitFor(async () => expect((await tapLogs()).filter((r) => r.banner_id === id).length).toBe(before + 1));
    const row = (await tapLogs()).find((r) => r.banner_id === id)!;
    expect(row.kind).toBe('banner');
    // An internal action navigates inside the app.
    const b = homeBanners.find((x) => x.id === id)!;
    if (!/^https?:/.test(b.action_url)) expect(loc.history.length).toBeGreaterThan(1);
  });

  it('a dragged carousel banner is not followed and logs nothing', async () => {
    const loc = show('/updates');
    const carousel = await screen.findByRole('region', { name: /banner/i });
    const slide = carousel.querySelector<HTMLAnchorElement>('.carousel__slide')!;
    const before = (await tapLogs()).length;
    fireEvent.pointerDown(slide, { clientX: 300 });
    fireEvent.click(slide, { clientX: 100 });
    // Let any (wrongly) fired log reach the server before checking.
    await new Promise((r) => setTimeout(r, 200));
    expect((await tapLogs()).length).toBe(before);
    expect(loc.history).toEqual(['/updates']);
  });

  it('featured shows its banners and lists from the catalog', async () => {
    show('/featured');
    await waitFor(() => expect(document.querySelectorAll('a.title-card').length).toBeGreaterThan(0));
    const top = document.querySelectorAll('.featured-top .featured-banner');
    expect(top.length).toBeGreaterThan(0);
    expect(top.length).toBeLessThanOrEqual(3);
    const lists = api.catalog.featured_lists.map((l) => l.name);
    const headings = [...document.querySelectorAll('.home-group h2')].map((h) => h.textContent);
    expect(headings.some((h) => lists.includes(h))).toBe(true);
    const names = catalogNames();
    for (const n of document.querySelectorAll('.title-card__name')) expect(names.has(n.textContent)).toBe(true);
    // A featured banner tap is logged.
    const before = (await tapLogs()).length;
    fireEvent.click(top[0]);
    await waitFor(async () => expect((await tapLogs()).length).toBe(before + 1));
  });

  it('ranking tabs switch the list; ranks run 1.. up to 40', async () => {
    show('/ranking/hottest');
    const tabs = await screen.findByRole('navigation', { name: /ranking/i });
    await waitFor(() => expect(screen.getByTestId('ranking-top')).toBeTruthy());
    const orders: Record<string, number[]> = {};
    for (const tab of ['hottest', 'trending', 'completed']) {
      fireEvent.click(within(tabs).getByRole('link', { name: new RegExp(tab, 'i') }));
      await waitFor(() => expect(within(tabs).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(`/ranking/${tab}`));
      await waitFor(() => {
        const ids = cardIds();
        expect(ids.length).toBeGreaterThan(0);
        // The list changed from every tab shown before.
        for (const [k, prev] of Object.entries(orders)) if (k !== tab) expect(ids).not.toEqual(prev);
      });
      const ids = cardIds();
      orders[tab] = ids;
      expect(ids.length).toBeLessThanOrEqual(40);
      // Each card carries its rank: 1, 2, 3, ... in page order.
      const ranks = [...document.querySelectorAll('a.title-card .rank')].map((r) => r.getAttribute('aria-label'));
      expect(ranks).toEqual(ids.map((_, i) => `Rank ${i + 1}`));
      expect(screen.getByTestId('ranking-top').querySelectorAll('a.title-card').length).toBeLessThanOrEqual(6);
    }
    // Completed lists only titles of completed series.
    const seriesDone = new Set(api.catalog.series.filter((x) => x.status === 'completed').map((x) => x.id));
    const done = new Set(api.catalog.titles.filter((x) => seriesDone.has(x.series_id)).map((x) => x.id));
    for (const id of orders.completed) expect(done.has(id)).toBe(true);
  });
});
