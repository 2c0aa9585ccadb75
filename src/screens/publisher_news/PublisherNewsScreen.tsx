import { useParams } from 'wouter';
import { useApi } from '../../api/useApi';
import { t, locale } from '../../i18n';
import { storedServiceLang } from '../../lib/storage';
import { ActionLink } from '../../ui/ActionLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import NotFoundScreen from '../errors/NotFoundScreen';
import '../common.css';
import '../static/static.css';
import './news.css';

/** All news of one publisher (000 §2): the publisher banner or name, then the news list. */
export default function PublisherNewsScreen() {
  const { publisherId } = useParams<{ publisherId: string }>();
  const valid = /^\d+$/.test(publisherId);
  const view = useApi('/publisher_news_list', { query: { publisher_id: publisherId, lang: storedServiceLang() }, enabled: valid }, (r) =>
    r.data.case === 'publisherNewsListView' ? r.data.value : undefined,
  );
  if (!valid) return <NotFoundScreen />;
  if (view.status !== 'ok') return <Loading />;
  const v = view.data;
  const fmt = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' });
  return (
    <main className="content static-page" data-screen="publisher_news">
      <Breadcrumbs items={[{ label: t('news.publisherNews', { name: v.publisherName }) }]} />
      {v.banner?.imageUrl ? (
        <img
          className="news-banner"
          src={v.banner.imageUrl}
          alt={v.publisherName}
          width={v.banner.width || 1000}
          height={v.banner.height || 250}
        />
      ) : null}
      <h1>{t('news.publisherNews', { name: v.publisherName })}</h1>
      {v.newsList.length === 0 ? (
        <p className="empty-state">{t('news.noNews')}</p>
      ) : (
        <ul className="news-list">
          {v.newsList.map((n) => (
            <li key={n.id} className="news-item">
              <time className="news-date" dateTime={new Date(Number(n.publishedTimeStamp) * 1000).toISOString()}>
                {fmt.format(new Date(Number(n.publishedTimeStamp) * 1000))}
              </time>
              <h2 className="news-item__subject">{n.subject}</h2>
              <p className="news-item__body">{n.body}</p>
              {n.action?.url ? (
                <ActionLink action={n.action} className="button">
                  {t('news.more')}
                </ActionLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
