import { useContext, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { OriginalTitleGroup, TitleList, TitleRankingGroup } from '../../../core/gen/manga/v1/title_pb';
import type { WebHomeViewV4 } from '../../../core/gen/manga/v1/home_pb';
import type { SuccessResult } from '../../../core/gen/manga/v1/response_pb';
import { call, takeServerAnswer } from '../../api/client';
import { toSearch } from '../../api/query';
import { useApi, type ApiState } from '../../api/useApi';
import { reportLoadError } from '../../api/loadErrors';
import { t } from '../../i18n';
import { langQuery } from '../../lib/prefs';
import { browserSource, readStored, type StoredPrefs } from '../../lib/storage';
import { usePrefs } from '../../lib/usePrefs';
import { Loading } from '../../ui/Loading';
import { TitleCard } from '../../ui/TitleCard';
import { RankMark } from '../../ui/Medal';
import { ServerPopup } from '../../ui/ServerPopup';
import { AdSlot } from '../../ads/AdSlot';
import { AdsContext } from '../../ads';
import { SocialLinks } from '../../app/Footer';
import { HomeCarousel } from './HomeCarousel';
import { featuredListName } from '../featured/listName';
import { ScrollRow } from './ScrollRow';
import { ContinueReading } from '../history/ContinueReading';
import '../common.css';
import './home.css';

/** 000 §9: on phones an ad comes after the first 6 title groups. */
const PHONE_AD_AFTER = 6;
const HOTTEST_MAX = 25;

/** A day's updates; its first `eager` covers are fetched at once, with high priority. */
function UpdatedGroup({ name, groups, eager = 0 }: { name: string; groups: OriginalTitleGroup[]; eager?: number }) {
  return (
    <section className="home-group" aria-label={name}>
      <h2 className="section-title">{name}</h2>
      <ScrollRow label={name}>
        {groups.map((g, i) => {
          const first = g.titles[0];
          if (!first?.title) return null;
          return (
            <div className="home-group__item" key={`${first.title.titleId}-${first.chapterId}`}>
              <TitleCard
                title={first.title}
                badge
                eager={i < eager}
                subtitle={`${g.chapterNumber || first.chapterName}${first.chapterSubTitle ? ` · ${first.chapterSubTitle}` : ''}`}
              />
            </div>
          );
        })}
      </ScrollRow>
    </section>
  );
}

export function FeaturedList({ list }: { list: TitleList }) {
  const name = featuredListName(list.listName);
  return (
    <section className="home-group" aria-label={name}>
      <h2 className="section-title">{name}</h2>
      <ScrollRow label={name}>
        {list.featuredTitles.map((title) => (
          <div className="home-group__item" key={title.titleId}>
            <TitleCard title={title} badge />
          </div>
        ))}
      </ScrollRow>
    </section>
  );
}

function Hottest({ ranked }: { ranked: TitleRankingGroup[] }) {
  const top = [...ranked].sort((a, b) => b.score - a.score).slice(0, HOTTEST_MAX);
  return (
    <section className="hottest" aria-labelledby="hottest-title">
      <h2 className="section-title" id="hottest-title">
        <Link href="/ranking/hottest">{t('home.hottest')}</Link>
      </h2>
      <ol className="hottest__list">
        {top.map((g, i) => {
          const title = g.titles[0];
          if (!title) return null;
          return (
            <li key={g.originalTitleId || title.titleId} className="hottest__item">
              <RankMark rank={i + 1} />
              <Link href={`/titles/${title.titleId}`} className="hottest__link" data-title-id={title.titleId}>
                <img src={title.portraitImageUrl} alt="" width={48} height={68} loading="lazy" />
                <span className="hottest__text">
                  <span className="hottest__name">{title.name}</span>
                  <span className="hottest__author">{title.author}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** How many covers of the first update group are fetched at once, ahead of the rest. */
const FIRST_COVERS = 6;

function HomeView({ view }: { view: WebHomeViewV4 }) {
  // 000 §2: the featured list named Fantasy is left out of home.
  const lists = view.featuredTitleLists.filter((l) => l.listName !== 'Fantasy');
  // The first covers are what a visitor waits for: the shared card loads its cover lazily
  // (fetched only after a layout finds it on screen); these are fetched at once, first.
  // (Each group gets what the groups before it left of FIRST_COVERS.)
  const before = view.groups.map((_, i) => view.groups.slice(0, i).reduce((n, g) => n + g.titleGroups.length, 0));
  const eagerFor = (i: number) => Math.max(0, FIRST_COVERS - before[i]);
  // Without an ad network the home's slots show the catalog's own banners as house ads.
  const ads = useContext(AdsContext);
  return (
    <AdsContext.Provider value={{ adapter: ads.adapter, houseAds: view.topBanners }}>
      <div className="home">
        <HomeCarousel banners={view.topBanners} />
        <div className="home__main">
          <ContinueReading />
          {view.groups.map((g, i) => (
            <div key={g.groupName}>
              <UpdatedGroup name={g.groupName} groups={g.titleGroups} eager={eagerFor(i)} />
              {i === PHONE_AD_AFTER - 1 ? (
                <div className="phone-only">
                  <AdSlot slot="home_phone_groups" />
                </div>
              ) : null}
            </div>
          ))}
          {lists.map((l) => (
            <FeaturedList key={l.listName} list={l} />
          ))}
        </div>
        <aside className="home__side" aria-label={t('home.side')}>
          <SocialLinks />
          <Hottest ranked={view.rankedTitles} />
          <AdSlot slot="home_side_1" />
          <AdSlot slot="home_side_2" />
        </aside>
        <ServerPopup kind="home" popup={view.popup} />
      </div>
    </AdsContext.Provider>
  );
}

export const HOME_PATH = '/web/web_homeV4';
/** The home call's query for these preferences. */
export const homeQuery = (p: StoredPrefs) => ({ ...langQuery(p), viewer_mode: p.viewerMode ?? 'vertical' });
const selectHome = (r: SuccessResult) => (r.data.case === 'webHomeViewV4' ? r.data.value : undefined);

/**
 * The home call of a returning visitor, started as soon as this chunk is
 * evaluated on /updates (the route table loads it at once, side by side with
 * the rest of the app), rather than after the app and the screen have
 * rendered. The first home screen mounted takes it; later visits call as usual.
 */
interface Early {
  key: string;
  result: Promise<SuccessResult>;
  /** Set once it answered: the screen then starts with the data, without a render in between. */
  view?: WebHomeViewV4;
}
let early: Early | null = null;
if (typeof window !== 'undefined' && window.location.pathname === '/updates') {
  const prefs = readStored(browserSource);
  const query = homeQuery(prefs);
  // The server rendered this page from this very answer (it is in the page): taken at once.
  const booted = takeServerAnswer(`${HOME_PATH}${toSearch(query)}`);
  // Otherwise only with languages already chosen: a first visit waits for their defaults
  // (LanguageProvider), and a call made before them would carry other languages and be thrown away.
  if (!(booted && seedHome(booted, prefs)) && prefs.contentLangs) {
    const e: Early = { key: JSON.stringify(query), result: call(HOME_PATH, { query }) };
    e.result
      .then((r) => {
        const v = selectHome(r);
        if (v) e.view = v;
      })
      .catch(() => {});
    early = e;
  }
}

/**
 * Home's answer at hand before the screen renders (a booted page; server rendering): the next
 * home screen starts with it. False when the answer is not a home view.
 */
export function seedHome(r: SuccessResult, prefs: StoredPrefs): boolean {
  const view = selectHome(r);
  if (view) early = { key: JSON.stringify(homeQuery(prefs)), result: Promise.resolve(r), view };
  return !!view;
}

/**
 * The early call, if made with the same query. Not cleared while rendering: React may render a
 * screen and throw that render away (a sibling suspending), and the render after it must find
 * the call again (it asked the API a second time). Cleared once a screen using it is on screen.
 */
function peekEarly(key: string): Early | null {
  return early && early.key === key ? early : null;
}

/** The early call if it is still unclaimed and was made with the same query; otherwise useApi. */
function useHome(): ApiState<WebHomeViewV4> {
  const query = homeQuery(usePrefs());
  const key = JSON.stringify(query);
  const [pending] = useState(() => peekEarly(key));
  useEffect(() => {
    if (pending && early === pending) early = null;
  }, [pending]);
  const [state, setState] = useState<ApiState<WebHomeViewV4>>(() =>
    pending?.view ? { status: 'ok', data: pending.view } : { status: 'loading' },
  );
  useEffect(() => {
    if (!pending) return undefined;
    let live = true;
    // The call may have answered between the first render and this effect (pending.view set
    // too late for the initial state): the promise is settled then and still delivers it.
    pending.result
      .then((r) => {
        const data = selectHome(r);
        if (data === undefined) throw new Error(`unexpected view ${r.data.case ?? 'none'} for ${HOME_PATH}`);
        if (live) setState((s) => (s.status === 'ok' ? s : { status: 'ok', data }));
      })
      .catch((error: unknown) => {
        if (!live) return;
        setState({ status: 'error', error });
        reportLoadError(error);
      });
    return () => {
      live = false;
    };
  }, [pending]);
  const usual = useApi(HOME_PATH, { query, enabled: !pending }, selectHome);
  return pending ? state : usual;
}

export default function HomeScreen() {
  const home = useHome();
  if (home.status !== 'ok') return <Loading />;
  return (
    <main className="content" data-screen="home">
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <HomeView view={home.data} />
    </main>
  );
}
