import type { TitleDetailView } from '../../../core/gen/manga/v1/title_pb';
import { locale, t } from '../../i18n';

/**
 * A title published before its first chapter: "coming soon", the date its
 * editor gave and the schedule text (the server sends them as the next
 * time and the non-appearance note while nothing is released).
 */
export function ComingSoon({ d }: { d: TitleDetailView }) {
  const at = Number(d.nextTimeStamp);
  return (
    <section className="title-soon" aria-labelledby="title-soon">
      <h2 id="title-soon" className="section-title">
        {t('title.comingSoon')}
      </h2>
      {at > 0 ? (
        <p className="title-soon__date">
          {t('title.comingOn', { date: new Intl.DateTimeFormat(locale(), { dateStyle: 'long' }).format(new Date(at * 1000)) })}
        </p>
      ) : null}
      {d.nonAppearanceInfo ? <p className="title-soon__text">{d.nonAppearanceInfo}</p> : null}
    </section>
  );
}
