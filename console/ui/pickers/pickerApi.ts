import type { PickChapter, PickTitle } from '../../../core/console/schemas/pickers';
import { byShort } from '../../../core/languages';
import { call } from '../../api/call';
import type { Found } from './usePicker';

/** How many options a search lists (the server's page; more is "type more of the name"). */
const PAGE = 20;

export const searchTitles = (q: string): Promise<Found<PickTitle>> =>
  call('GET /pick/titles', { query: { q, limit: PAGE } }).then((r) => ({ items: r.items, more: r.next !== null }));

export const titleById = (id: number): Promise<PickTitle | null> =>
  call('GET /pick/titles', { query: { ids: String(id) } }).then((r) => r.items[0] ?? null);

/** One option per series (its id the series'): its first title found, listing every language it has. */
export const searchSeries = (q: string): Promise<Found<PickTitle>> =>
  searchTitles(q).then((r) => ({ items: onePerSeries(r.items), more: r.more }));

export const seriesById = (seriesId: number): Promise<PickTitle | null> =>
  call('GET /pick/titles', { query: { series: String(seriesId) } }).then((r) => onePerSeries(r.items)[0] ?? null);

function onePerSeries(items: readonly PickTitle[]): PickTitle[] {
  const seen = new Map<number, PickTitle>();
  for (const x of items) if (!seen.has(x.seriesId)) seen.set(x.seriesId, { ...x, id: x.seriesId });
  return [...seen.values()];
}

export const searchChapters = (titleId: number, q: string): Promise<Found<PickChapter>> =>
  call('GET /pick/chapters', { query: { title: titleId, q, limit: PAGE } }).then((r) => ({ items: r.items, more: r.next !== null }));

export const chapterById = (id: number): Promise<PickChapter | null> =>
  call('GET /pick/chapters', { query: { ids: String(id) } }).then((r) => r.items[0] ?? null);

/** A language's own name (its code where the table has none). */
export const nativeName = (short: string) => byShort(short)?.native ?? short;
export const localeOf = (short: string) => byShort(short)?.locale ?? short;
