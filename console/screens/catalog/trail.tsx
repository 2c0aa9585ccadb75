import type { Series, TitleFull } from '../../../core/console/schemas/catalog';
import { byShort } from '../../../core/languages';
import { t } from '../../i18n';
import { Breadcrumbs, type Crumb } from '../../ui/Breadcrumbs';
import { useCall } from '../../ui/useLoad';

/** A series' name as the console shows it: its English title's, else its first title's, else its slug. */
export function seriesName(s: Pick<Series, 'slug'> & { titles: readonly Pick<TitleFull, 'language' | 'name'>[] }): string {
  return s.titles.find((x) => x.language === 'en')?.name ?? s.titles[0]?.name ?? s.slug;
}

/** A title in the trail: its name and its language. */
const titleCrumb = (title: Pick<TitleFull, 'name' | 'language'>) =>
  t('console.crumbs.title', { name: title.name, language: byShort(title.language)?.native ?? title.language });

/** The catalog's trail: the series list, then the crumbs given. */
export function CatalogTrail({ items }: { items: readonly Crumb[] }) {
  return <Breadcrumbs label={t('console.crumbs.label')} items={[{ label: t('console.area.series'), href: '/series' }, ...items]} />;
}

/** A title and its series, loaded by the title's id (null until each comes). */
export function useTitleAndSeries(titleId: number | null) {
  const { data: title } = useCall('GET /catalog/titles/:id', titleId ? { params: { id: titleId } } : null);
  const { data: series } = useCall('GET /series/:id', title ? { params: { id: title.seriesId } } : null);
  return { title, series };
}

/** The crumbs of a series and one of its titles (those loaded so far). */
export function titleCrumbs(title: TitleFull | null, series: Series | null): Crumb[] {
  const items: Crumb[] = [];
  if (series) items.push({ label: seriesName(series), href: `/series/${series.id}` });
  if (title) items.push({ label: titleCrumb(title), href: `/titles/${title.id}/chapters` });
  return items;
}
