import { useSyncExternalStore } from 'react';
import { Link, useParams } from 'wouter';
import type { Banner } from '../../../core/gen/manga/v1/common_pb';
import type { TitleRankingGroup } from '../../../core/gen/manga/v1/title_pb';
import { useApi } from '../../api/useApi';
import { logBannerTap } from '../../api/tapLog';
import { t } from '../../i18n';
import { langQuery } from '../../lib/prefs';
import { ActionLink } from '../../ui/ActionLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { TabNav } from '../../ui/TabNav';
import { Loading } from '../../ui/Loading';
import { TitleCard } from '../../ui/TitleCard';
import { RANKING_TABS, type RankingTab } from '../../../core/routes';
import '../common.css';
import './ranking.css';

/** 000 §2, §9: wide layout from 768 px; top 5 large on wide screens, 6 on phones; grid up to rank 40. */
const WIDE_PX = 768;
const TOP_WIDE = 5;
const TOP_PHONE = 6;
const MAX_RANK = 40;

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};
const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= WIDE_PX,
    () => true,
  );

function RankingBanners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <div className="banner-strip">
      {banners.map((b) => (
        <ActionLink
          key={b.id}
          action={b.action}
          onFollow={() => {
            logBannerTap(b.id);
          }}
        >
          <img src={b.imageUrl} alt={t('common.banner')} width={b.width || 1200} height={b.height || 200} loading="lazy" />
        </ActionLink>
      ))}
    </div>
  );
}

function Ranked({ groups, offset, big }: { groups: TitleRankingGroup[]; offset: number; big?: boolean }) {
  return (
    <ol className={big ? 'ranking-top' : 'title-grid ranking-rest'} start={offset + 1} data-testid={big ? 'ranking-top' : 'ranking-rest'}>
      {groups.map((g, i) => {
        const title = g.titles[0];
        if (!title) return null;
        return (
          <li key={g.originalTitleId || title.titleId} style={{ listStyle: 'none' }}>
            <TitleCard title={title} rank={offset + i + 1} badge />
          </li>
        );
      })}
    </ol>
  );
}

export default function RankingScreen() {
  const { tab } = useParams<{ tab: RankingTab }>();
  const wide = useWide();
  const ranking = useApi('/title_list/rankingV2', { query: { ...langQuery(), type: tab } }, (r) =>
    r.data.case === 'titleRankingViewV2' ? r.data.value : undefined,
  );
  const tabLabel = t(`ranking.${tab}`);
  // 000 §2: the language filter as built drops no group; all groups are shown.
  const all = ranking.status === 'ok' ? ranking.data.rankedTitles.slice(0, MAX_RANK) : [];
  const top = wide ? TOP_WIDE : TOP_PHONE;
  return (
    <main className="content" data-screen="ranking">
      <Breadcrumbs items={[{ label: t('ranking.heading'), href: '/ranking/hottest' }, { label: tabLabel }]} />
      <h1>{t('ranking.heading')}</h1>
      <TabNav label={t('ranking.tabs')} current={tab}>
        {RANKING_TABS.map((k) => (
          <Link key={k} href={`/ranking/${k}`} aria-current={k === tab ? 'page' : undefined}>
            {t(`ranking.${k}`)}
          </Link>
        ))}
      </TabNav>
      {ranking.status !== 'ok' ? (
        <Loading />
      ) : (
        <>
          <Ranked groups={all.slice(0, top)} offset={0} big />
          {wide ? <RankingBanners banners={ranking.data.rankingBanners} /> : null}
          <Ranked groups={all.slice(top)} offset={top} />
          {!wide ? <RankingBanners banners={ranking.data.rankingBanners} /> : null}
        </>
      )}
    </main>
  );
}
