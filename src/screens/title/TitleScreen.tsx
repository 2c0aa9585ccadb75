import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Rating, ReleaseSchedule, UpdateTiming, type Banner } from '../../../core/gen/manga/v1/common_pb';
import type { TitleDetailView } from '../../../core/gen/manga/v1/title_pb';
import { useApi } from '../../api/useApi';
import { logTitleBannerTap } from '../../api/tapLog';
import { t } from '../../i18n';
import { genreName } from '../../lib/genres';
import { byLanguage } from '../../../core/languages';
import { langQuery } from '../../lib/prefs';
import { labelKey } from '../../lib/titleGroups';
import { ActionLink } from '../../ui/ActionLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import { ServerPopup } from '../../ui/ServerPopup';
import { ShareButtons } from '../../ui/ShareButtons';
import { TitleCard } from '../../ui/TitleCard';
import NotFoundScreen from '../errors/NotFoundScreen';
import { ChapterList } from './ChapterList';
import { BookmarkList } from '../../features/pageBookmarks/BookmarkList';
import { FavoriteToggle } from './FavoriteToggle';
import { ComingSoon } from './ComingSoon';
import '../common.css';
import '../publisher_news/news.css';
import './title.css';

const RATING_KEYS: Record<Rating, string> = {
  [Rating.ALLAGE]: 'allAge',
  [Rating.TEEN]: 'teen',
  [Rating.TEENPLUS]: 'teenPlus',
  [Rating.MATURE]: 'mature',
};

/** The update schedule line: release schedule plus update timing (001 §3). */
function scheduleText(d: TitleDetailView): string {
  const s = d.titleLabels?.releaseSchedule ?? ReleaseSchedule.DISABLED;
  if (s === ReleaseSchedule.DISABLED || s === ReleaseSchedule.COMPLETED) return t('title.scheduleCompleted');
  const day = d.updateTiming;
  const when =
    day >= UpdateTiming.MONDAY && day <= UpdateTiming.SUNDAY ? t(`title.day${day}`) : day === UpdateTiming.DAY ? t('title.everyDay') : '';
  const base = t(`title.schedule${ReleaseSchedule[s]}`);
  return when ? t('title.scheduleOn', { schedule: base, day: when }) : base;
}

function useDocumentMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (!title) return undefined;
    const before = document.title;
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const prev = meta.content;
    meta.content = description ?? '';
    return () => {
      document.title = before;
      if (created) meta.remove();
      else meta.content = prev;
    };
  }, [title, description]);
}

function TitleBanner({ b, titleId }: { b: Banner; titleId: number }) {
  useEffect(() => {
    logTitleBannerTap({ bannerId: b.id, titleId, bannerType: 'featured_banner', location: 'title_detail', type: 'impression' });
  }, [b.id, titleId]);
  return (
    <ActionLink
      action={b.action}
      className="title-banner"
      onFollow={() =>
        logTitleBannerTap({ bannerId: b.id, titleId, bannerType: 'featured_banner', location: 'title_detail', type: 'click' })
      }
    >
      <img src={b.imageUrl} alt={t('common.banner')} width={b.width || 1000} height={b.height || 250} loading="lazy" />
    </ActionLink>
  );
}

function TitleDetail({ d, now: given }: { d: TitleDetailView; now?: number }) {
  // The time it first rendered at (seconds), unless given.
  const [now] = useState(() => given ?? Math.floor(Date.now() / 1000));
  const title = d.title!;
  const groups = d.chapterListGroup;
  const first = groups.flatMap((g) => g.firstChapterList);
  const mid = groups.flatMap((g) => g.midChapterList);
  const last = groups.flatMap((g) => g.lastChapterList);
  return (
    <article className="title-detail" data-title-id={title.titleId}>
      <TitleHero d={d} />
      <div className="title-body">
        <div className="title-body__main">
          <p className="title-overview">{d.overview}</p>
          {d.tags.length ? (
            <ul className="tag-list" aria-label={t('title.tags')}>
              {d.tags.map((tg) => (
                <li key={tg.slug} className="chip">
                  {genreName(tg)}
                </li>
              ))}
            </ul>
          ) : null}
          {d.titleLanguages.length > 1 ? <TitleLanguages d={d} /> : null}
          {d.titleBanners.map((b) => (
            <TitleBanner key={b.id} b={b} titleId={title.titleId} />
          ))}
          {d.chapterListV2.length === 0 ? <ComingSoon d={d} /> : null}
          <ChapterList first={first} mid={mid} last={last} descending={d.chaptersDescending} now={now} />
          {/* This title's page bookmarks */}
          <BookmarkList titleId={title.titleId} showTitle={false} heading={t('sync.bookmarks')} />
        </div>
        <TitleSide d={d} />
      </div>
      <ServerPopup kind="rating" popup={d.ratingPopup} />
    </article>
  );
}

/** The cover, name, author, rating, label, schedule, views, favourite and sharing. */
function TitleHero({ d }: { d: TitleDetailView }) {
  const title = d.title!;
  const lang = byLanguage(title.language);
  const ratingKey = RATING_KEYS[d.rating] ?? 'allAge';
  const shareUrl = d.sns?.url || window.location.href;
  return (
    <div className="title-hero" style={{ backgroundImage: `url(${d.backgroundImageUrl})` }}>
      <div className="title-hero__inner">
        <img className="title-hero__cover" src={title.portraitImageUrl} alt="" width={180} height={256} />
        <div className="title-hero__text">
          <h1 className="title-hero__name">{title.name}</h1>
          <p className="title-hero__author">{title.author}</p>
          <p className="title-hero__meta">
            <Link href={`/rating/${lang?.short ?? 'en'}`} className={`rating-badge rating-badge--${ratingKey}`}>
              {t(`title.rating_${ratingKey}`)}
            </Link>
            {d.label?.description ? (
              // The label's logo: drawn art at /img/label/<code>.webp beside the title's other images.
              <img
                className="title-hero__label"
                src={`${title.portraitImageUrl.replace(/\/img\/.*$/, '')}/img/label/${labelKey(d.label.label)}.webp`}
                alt={d.label.description}
                width={80}
                height={32}
                style={{ verticalAlign: 'middle' }}
              />
            ) : null}
            {d.isSimulReleased ? <span className="simul-flag">{t('title.simulrelease')}</span> : null}
          </p>
          <p className="title-hero__schedule">{scheduleText(d)}</p>
          <p className="title-hero__views">{t('title.views', { n: Number(d.numberOfViews) })}</p>
          <div className="title-hero__actions">
            <FavoriteToggle titleId={title.titleId} subscribed={d.isSubscribed} />
            <ShareButtons url={shareUrl} text={d.sns?.body || title.name} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The title in its other languages. */
function TitleLanguages({ d }: { d: TitleDetailView }) {
  const title = d.title!;
  return (
    <nav className="title-languages" aria-label={t('title.languages')}>
      <h2 className="section-title">{t('title.languages')}</h2>
      <ul className="option-list">
        {d.titleLanguages.map((l) => {
          const info = byLanguage(l.language);
          const current = l.titleId === title.titleId;
          return (
            <li key={l.titleId}>
              <Link
                href={`/titles/${l.titleId}`}
                className={`chip${current ? ' chip--current' : ''}`}
                aria-current={current ? 'page' : undefined}
                lang={info?.short}
              >
                {info?.native ?? l.language}
                {l.isNew ? <span className="badge badge--new">NEW</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The publishers' banners and news, and the recommended titles. */
function TitleSide({ d }: { d: TitleDetailView }) {
  const title = d.title!;
  const news = d.publisherItems.flatMap((p) => (p.publisherNews ? [p.publisherNews] : []));
  const pubBanners = d.publisherItems.flatMap((p) => (p.banner ? [p.banner] : []));
  return (
    <aside className="title-body__side">
      {pubBanners.map((b) => (
        <TitleBanner key={`p${b.id}`} b={b} titleId={title.titleId} />
      ))}
      {news.length ? (
        <section aria-labelledby="news-title" className="title-news">
          <h2 id="news-title" className="section-title">
            <Link href={`/publisher_news/${news[0].publisherId}`}>{t('title.publisherNews', { name: news[0].publisherName })}</Link>
          </h2>
          <ul>
            {news.map((n) => (
              <li key={n.id}>
                <Link href={`/publisher_news/${n.publisherId}`}>{n.subject}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {d.recommendedTitleList.length ? (
        <section aria-labelledby="rec-title">
          <h2 id="rec-title" className="section-title">
            {t('title.recommended')}
          </h2>
          <div className="title-grid title-grid--small">
            {d.recommendedTitleList.slice(0, 6).map((r) => (
              <TitleCard key={r.titleId} title={r} />
            ))}
          </div>
        </section>
      ) : null}
    </aside>
  );
}

export default function TitleScreen() {
  const { id } = useParams<{ id: string }>();
  const detail = useApi('/title_detailV3', { query: { title_id: id, clang: langQuery().clang }, enabled: /^\d+$/.test(id) }, (r) =>
    r.data.case === 'titleDetailView' ? r.data.value : undefined,
  );
  const d = detail.status === 'ok' ? detail.data : undefined;
  useDocumentMeta(d?.metaInfo?.metaTitle || d?.title?.name, d?.metaInfo?.metaDescription || d?.overview);
  if (!/^\d+$/.test(id)) return <NotFoundScreen />;
  if (!d?.title) return <Loading />;
  return (
    <main className="content" data-screen="title">
      <Breadcrumbs items={[{ label: t('title.mangaList'), href: '/manga_list/browser_a' }, { label: d.title.name }]} />
      <TitleDetail key={d.title.titleId} d={d} />
    </main>
  );
}
