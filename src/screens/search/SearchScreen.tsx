import { useSearch } from 'wouter';
import type { AllTitlesGroup } from '../../../core/gen/manga/v1/title_pb';
import { useApi } from '../../api/useApi';
import { t } from '../../i18n';
import { storedContentLangs } from '../../lib/storage';
import { byLanguage, type ShortCode } from '../../../core/languages';
import { displayTitle, titlesInLangs } from '../../lib/titleGroups';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import { SearchBox, keywordOf } from '../../ui/SearchBox';
import { TitleGrid } from '../../ui/TitleCard';
import '../common.css';
import './search.css';

/**
 * 000 §5: the keyword matches case-insensitively on a title's name or author,
 * only among the titles in the chosen content languages.
 */
function searchGroups(groups: readonly AllTitlesGroup[], keyword: string, langs: readonly ShortCode[]): AllTitlesGroup[] {
  const k = keyword.trim().toLocaleLowerCase();
  if (!k) return [];
  return groups.filter((g) =>
    titlesInLangs(g, langs).some((x) => x.name.toLocaleLowerCase().includes(k) || x.author.toLocaleLowerCase().includes(k)),
  );
}

/** The language title to show: the best-placed chosen language among those that matched, else the group's usual one. */
function shownTitle(g: AllTitlesGroup, keyword: string, langs: readonly ShortCode[]) {
  const k = keyword.trim().toLocaleLowerCase();
  const order = (x: { language: number }) => langs.indexOf(byLanguage(x.language)?.short ?? 'en');
  const hit = titlesInLangs(g, langs)
    .filter((x) => x.name.toLocaleLowerCase().includes(k) || x.author.toLocaleLowerCase().includes(k))
    .sort((a, b) => order(a) - order(b))[0];
  return hit ?? displayTitle(g, langs);
}

export default function SearchScreen() {
  const keyword = keywordOf(useSearch());
  const all = useApi('/title_list/allV2', { enabled: keyword.trim() !== '' }, (r) =>
    r.data.case === 'allTitlesViewV2' ? r.data.value : undefined,
  );
  const langs = storedContentLangs();
  const found = all.status === 'ok' ? searchGroups(all.data.allTitlesGroup, keyword, langs) : [];
  return (
    <main className="content" data-screen="search">
      <Breadcrumbs items={[{ label: t('search.heading') }]} />
      <h1 className="search-page__heading">{keyword ? t('search.resultsFor', { keyword }) : t('search.heading')}</h1>
      <div className="search-page__box">
        <SearchBox />
      </div>
      {!keyword.trim() ? (
        // Nothing asked yet: an invitation to search, not "no results" (000 §2 Search).
        <p className="empty-state" data-testid="search-prompt">
          {t('search.prompt')}
        </p>
      ) : all.status !== 'ok' ? (
        <Loading />
      ) : found.length === 0 ? (
        <p className="empty-state" data-testid="no-results">
          {t('search.none')}
        </p>
      ) : (
        <TitleGrid testId="search-results" titles={found.flatMap((g) => shownTitle(g, keyword, langs) ?? [])} />
      )}
    </main>
  );
}
