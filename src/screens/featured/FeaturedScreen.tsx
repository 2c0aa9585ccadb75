import type { Banner } from '../../../core/gen/manga/v1/common_pb';
import type { FeaturedContent } from '../../../core/gen/manga/v1/home_pb';
import { useApi } from '../../api/useApi';
import { logBannerTap } from '../../api/tapLog';
import { t } from '../../i18n';
import { langQuery } from '../../lib/prefs';
import { ActionLink } from '../../ui/ActionLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import { TitleCard } from '../../ui/TitleCard';
import { FeaturedList } from '../home/HomeScreen';
import { ScrollRow } from '../home/ScrollRow';
import { featuredListName } from './listName';
import '../common.css';
import '../home/home.css';
import './featured.css';

/** 000 §9: up to 3 top banners on featured. */
const TOP_BANNERS_MAX = 3;

function BannerLink({ b }: { b: Banner }) {
  return (
    <ActionLink
      action={b.action}
      className="featured-banner"
      // logBannerTap also sends the banner_click analytics event (tracked once).
      onFollow={() => logBannerTap(b.id)}
    >
      <img src={b.imageUrl} alt={t('common.banner')} width={b.width || 1200} height={b.height || 300} loading="lazy" />
    </ActionLink>
  );
}

function Block({ c, index }: { c: FeaturedContent; index: number }) {
  switch (c.data.case) {
    case 'banner':
      return <BannerLink b={c.data.value} />;
    case 'titleList':
      return <FeaturedList list={c.data.value} />;
    case 'rankedTitles': {
      const r = c.data.value;
      const name = r.listName ? featuredListName(r.listName) : t('featured.ranking');
      return (
        <section className="home-group" aria-label={name}>
          <h2 className="section-title">{name}</h2>
          <ScrollRow label={name}>
            {r.rankedTitles.map((g, i) =>
              g.titles[0] ? (
                <div className="home-group__item" key={g.titles[0].titleId}>
                  <TitleCard title={g.titles[0]} rank={i + 1} />
                </div>
              ) : null,
            )}
          </ScrollRow>
        </section>
      );
    }
    default:
      return <span data-unknown-block={index} hidden />;
  }
}

export default function FeaturedScreen() {
  const view = useApi('/featuredV2', { query: langQuery() }, (r) => (r.data.case === 'featuredTitlesViewV2' ? r.data.value : undefined));
  return (
    <main className="content" data-screen="featured">
      <Breadcrumbs items={[{ label: t('featured.heading') }]} />
      <h1>{t('featured.heading')}</h1>
      {view.status !== 'ok' ? (
        <Loading />
      ) : (
        <>
          <div className="featured-top">
            {view.data.topSearchBanners.slice(0, TOP_BANNERS_MAX).map((b) => (
              <BannerLink key={b.id} b={b} />
            ))}
          </div>
          {view.data.contents.map((c, i) => (
            <Block key={i} c={c} index={i} />
          ))}
        </>
      )}
    </main>
  );
}
