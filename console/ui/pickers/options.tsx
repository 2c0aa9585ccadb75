import type { PickChapter, PickTitle } from '../../../core/console/schemas/pickers';
import { t } from '../../i18n';
import { when } from '../format';
import { localeOf, nativeName } from './pickerApi';

/** A title as a picker lists it: its cover, its name (in its language), its language and the series' others, its id. */
export function TitleOption({ item, series = false }: { item: PickTitle; series?: boolean }) {
  const others = item.languages.filter((l) => l !== item.language).map(nativeName);
  return (
    <span className="c-pick">
      {item.cover ? <img className="c-pick__image" src={item.cover} alt="" loading="lazy" /> : <span className="c-pick__image" />}
      <span className="c-pick__text">
        <span className="c-pick__name" lang={localeOf(item.language)}>
          {item.name}
        </span>
        <span className="c-pick__meta">
          {series
            ? t('console.picker.seriesLanguages', { languages: item.languages.map(nativeName).join(', '), id: String(item.id) })
            : t(others.length ? 'console.picker.titleLanguages' : 'console.picker.titleLanguage', {
                language: nativeName(item.language),
                others: others.join(', '),
                id: String(item.id),
              })}
        </span>
        {item.released ? null : <span className="c-pick__meta">{t('console.picker.notReleased')}</span>}
      </span>
    </span>
  );
}

/** A chapter as a picker lists it: its thumbnail, its number and subtitle, its title, when it is (or was) out. */
export function ChapterOption({ item }: { item: PickChapter }) {
  return (
    <span className="c-pick">
      {item.thumbnail ? (
        <img className="c-pick__image c-pick__image--wide" src={item.thumbnail} alt="" loading="lazy" />
      ) : (
        <span className="c-pick__image c-pick__image--wide" />
      )}
      <span className="c-pick__text">
        <span className="c-pick__name" lang={localeOf(item.language)}>
          {item.subTitle ? `${item.name} · ${item.subTitle}` : item.name}
        </span>
        <span className="c-pick__meta">
          {t(item.released ? 'console.picker.chapterOut' : 'console.picker.chapterScheduled', {
            title: item.titleName,
            when: when(item.startAt),
            id: String(item.id),
          })}
        </span>
      </span>
    </span>
  );
}
