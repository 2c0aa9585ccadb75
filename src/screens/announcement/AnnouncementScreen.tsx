import { useId, useState } from 'react';
import { useParams } from 'wouter';
import { useApi } from '../../api/useApi';
import { t, locale } from '../../i18n';
import { byShort, byService } from '../../../core/languages';
import { storedServiceLang } from '../../lib/storage';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import '../common.css';
import '../static/static.css';
import '../publisher_news/news.css';

/**
 * Service announcements (000 §2): an accordion of items with title, date and
 * HTML body (sanitised by the server). /announcement/{language} asks in that
 * language (a short or service code); otherwise the service language.
 */
export default function AnnouncementScreen() {
  const { language } = useParams<{ language?: string }>();
  const lang = (language && (byShort(language)?.service ?? byService(language)?.service)) || storedServiceLang();
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  const view = useApi('/web/announcement', { query: { lang } }, (r) =>
    r.data.case === 'serviceAnnouncementsView' ? r.data.value : undefined,
  );
  const fmt = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' });
  return (
    <main className="content static-page" data-screen="announcement">
      <Breadcrumbs items={[{ label: t('news.announcements') }]} />
      <h1>{t('news.announcements')}</h1>
      {view.status !== 'ok' ? (
        <Loading />
      ) : view.data.serviceAnnouncements.length === 0 ? (
        <p className="empty-state">{t('news.noAnnouncements')}</p>
      ) : (
        <div className="accordion">
          {view.data.serviceAnnouncements.map((a, i) => {
            // The newest item starts open.
            const expanded = open === null ? i === 0 : open === a.id;
            return (
              <section key={a.id} className="accordion__item" data-announcement-id={a.id}>
                <h2>
                  <button
                    type="button"
                    className="accordion__toggle"
                    aria-expanded={expanded}
                    aria-controls={`${id}-${a.id}`}
                    onClick={() => setOpen(expanded ? -1 : a.id)}
                  >
                    <span>
                      {a.title}
                      <time className="news-date" dateTime={new Date(Number(a.date) * 1000).toISOString()}>
                        {fmt.format(new Date(Number(a.date) * 1000))}
                      </time>
                    </span>
                  </button>
                </h2>
                {/* The body is HTML the server sanitised (server/lib/html.ts). */}
                <div
                  id={`${id}-${a.id}`}
                  className="accordion__panel news-body"
                  hidden={!expanded}
                  dangerouslySetInnerHTML={{ __html: a.body }}
                />
              </section>
            );
          })}
        </div>
      )}
    </main>
  );
}
