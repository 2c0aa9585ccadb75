import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { locale } from '../i18n';
import { Loading } from '../ui/Loading';
import { Shell } from './Shell';
import { GlobalErrorOutlet } from './GlobalErrorOutlet';
import { WebviewLayout } from '../screens/webview/WebviewLayout';
import NotFoundScreen from '../screens/errors/NotFoundScreen';
import BlockingScreen from '../screens/errors/BlockingScreen';
import MaintenanceScreen from '../screens/errors/MaintenanceScreen';
import { preloadChapter, warmDecoders } from '../viewer/api';

/**
 * The route table of both documents (000 §2, 001 §2). Screens are lazy
 * chunks with a default export and no props; they read their params with
 * wouter's hooks (useParams, useSearch). /viewer, /webview/*, /terms_web_ja,
 * the campaign pages and unknown paths containing "static" render outside
 * the shell; everything else inside it.
 */
interface Screen {
  id: number;
  /** Starts loading the screen's chunk (once); resolves when it can render without suspending. */
  preload(): Promise<unknown>;
  /** The screen's component once its chunk has run. */
  loaded(): ComponentType | undefined;
  lazy: ComponentType;
}

let screens = 0;
function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  const id = ++screens;
  let mod: ComponentType | undefined;
  let started: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (started ??= load().then((m) => {
      mod = m.default;
      return m;
    }));
  return { id, preload, loaded: () => mod, lazy: lazy(preload) };
}

const HomeScreen = screen(() => import('../screens/home/HomeScreen'));
const FeaturedScreen = screen(() => import('../screens/featured/FeaturedScreen'));
const FavoritedScreen = screen(() => import('../screens/favorited/FavoritedScreen'));
const RankingScreen = screen(() => import('../screens/ranking/RankingScreen'));
const MangaListScreen = screen(() => import('../screens/manga_list/MangaListScreen'));
const TitleScreen = screen(() => import('../screens/title/TitleScreen'));
const ViewerScreen = screen(() => import('../screens/viewer/ViewerScreen'));
const CommentsScreen = screen(() => import('../screens/comments/CommentsScreen'));
const SearchScreen = screen(() => import('../screens/search/SearchScreen'));
const AnnouncementScreen = screen(() => import('../screens/announcement/AnnouncementScreen'));
const PublisherNewsScreen = screen(() => import('../screens/publisher_news/PublisherNewsScreen'));
const QuestionnaireScreen = screen(() => import('../screens/questionnaire/QuestionnaireScreen'));
const MachinesScreen = screen(() => import('../screens/machines/MachinesScreen'));
const FeedbackScreen = screen(() => import('../screens/feedback/FeedbackScreen'));
const AboutScreen = screen(() => import('../screens/static/AboutScreen'));
const RatingScreen = screen(() => import('../screens/static/RatingScreen'));
const FaqScreen = screen(() => import('../screens/static/FaqScreen'));
const TermsScreen = screen(() => import('../screens/static/TermsScreen'));
const CampaignScreen = screen(() => import('../screens/campaign/CampaignScreen'));

/** The machine explorer: always in development, in production when the server runs with MACHINE_EXPLORER on. */
export function explorerEnabled(): boolean {
  return (
    __MACHINE_EXPLORER__ || (typeof document !== 'undefined' && !!document.querySelector('meta[name="machine-explorer"][content="on"]'))
  );
}

export const RANKING_TABS = ['hottest', 'trending', 'completed'] as const;
export type RankingTab = (typeof RANKING_TABS)[number];
export const MANGA_LIST_TABS = ['ongoing', 'completed', 'one_shot'] as const;
export type MangaListTab = (typeof MANGA_LIST_TABS)[number];
/** Old list addresses (linked from home and breadcrumbs) that land on ongoing. */
export const MANGA_LIST_ALIASES = ['all', 'browser_a', 'browser_z', 'updated'] as const;

/** Campaign redirect pages (001 §2): US and France install links. */
export const CAMPAIGN_US = ['/androidtopus', '/iostopus', '/webtopus', '/topus', '/popus'] as const;
export const CAMPAIGN_FR = ['/androidtopfr', '/iostopfr', '/webtopfr', '/topfr', '/popfr'] as const;

/**
 * A screen whose chunk already ran renders at once; otherwise behind Suspense
 * (which reveals it no sooner than about 300 ms after its fallback). Decided
 * once per mount, so a screen is never remounted when its chunk arrives; the
 * key makes another screen at the same place (a route change) a new mount.
 */
function Lazy({ screen: s }: { screen: Screen }) {
  return <LazyScreen key={s.id} screen={s} />;
}

function LazyScreen({ screen: s }: { screen: Screen }) {
  const [ready] = useState(s.loaded);
  if (ready) return createElement(ready);
  return (
    <Suspense fallback={<Loading />}>
      <s.lazy />
    </Suspense>
  );
}

/**
 * The first screen's chunk starts loading with the route table, side by side
 * with the first-use languages call the routes wait for (LanguageProvider).
 */
const FIRST_SCREENS: [RegExp, Screen][] = [
  [/^\/(?:main\/?|updates\/?)?$/, HomeScreen],
  [/^\/viewer\//, ViewerScreen],
  [/^\/titles\//, TitleScreen],
  [/^\/ranking(?:\/|$)/, RankingScreen],
  [/^\/manga_list(?:\/|$)/, MangaListScreen],
  [/^\/featured\/?$/, FeaturedScreen],
  [/^\/favorited\/?$/, FavoritedScreen],
  [/^\/comments\//, CommentsScreen],
  [/^\/search_result\/?$/, SearchScreen],
];
/** Loads the chunk of the screen a path shows first (if it has one of its own); resolves once it can render at once. */
export function preloadScreenFor(path: string): Promise<unknown> {
  return FIRST_SCREENS.find(([re]) => re.test(path))?.[1].preload() ?? Promise.resolve();
}
if (typeof window !== 'undefined') {
  void preloadScreenFor(window.location.pathname).catch(() => {});
  if (window.location.pathname.startsWith('/viewer/')) warmDecoders();
}

function RankingRoute() {
  const { tab } = useParams<{ tab: string }>();
  return (RANKING_TABS as readonly string[]).includes(tab) ? <Lazy screen={RankingScreen} /> : <NotFoundScreen />;
}

function MangaListRoute() {
  const { tab } = useParams<{ tab: string }>();
  if ((MANGA_LIST_TABS as readonly string[]).includes(tab)) return <Lazy screen={MangaListScreen} />;
  if ((MANGA_LIST_ALIASES as readonly string[]).includes(tab)) return <Redirect to="/manga_list/ongoing" replace />;
  return <NotFoundScreen />;
}

/** Routes inside the shell (header, footer, side menu). */
export function ShellRoutes() {
  return (
    <Switch>
      <Route path="/updates">
        <Lazy screen={HomeScreen} />
      </Route>
      <Route path="/featured">
        <Lazy screen={FeaturedScreen} />
      </Route>
      <Route path="/favorited">
        <Lazy screen={FavoritedScreen} />
      </Route>
      <Route key="/ranking" path="/ranking">
        <Redirect to="/ranking/hottest" replace />
      </Route>
      <Route path="/ranking/:tab">
        <RankingRoute />
      </Route>
      <Route key="/manga_list" path="/manga_list">
        <Redirect to="/manga_list/ongoing" replace />
      </Route>
      <Route path="/manga_list/:tab">
        <MangaListRoute />
      </Route>
      <Route path="/titles/:id">
        <Lazy screen={TitleScreen} />
      </Route>
      <Route path="/comments/:id">
        <Lazy screen={CommentsScreen} />
      </Route>
      <Route path="/search_result">
        <Lazy screen={SearchScreen} />
      </Route>
      <Route path="/announcement">
        <Lazy screen={AnnouncementScreen} />
      </Route>
      <Route path="/announcement/:language">
        <Lazy screen={AnnouncementScreen} />
      </Route>
      <Route path="/publisher_news/:publisherId">
        <Lazy screen={PublisherNewsScreen} />
      </Route>
      <Route path="/feedback">
        <Lazy screen={FeedbackScreen} />
      </Route>
      <Route path="/about_us">
        <Lazy screen={AboutScreen} />
      </Route>
      <Route key="/rating" path="/rating">
        <Redirect to={`/rating/${locale()}`} replace />
      </Route>
      <Route path="/rating/:language">
        <Lazy screen={RatingScreen} />
      </Route>
      <Route path="/faq">
        <Lazy screen={FaqScreen} />
      </Route>
      <Route path="/blocking">
        <BlockingScreen />
      </Route>
      <Route path="/maintenance">
        <MaintenanceScreen />
      </Route>
      <Route path="/error">
        <NotFoundScreen />
      </Route>
      {explorerEnabled() ? (
        <Route path="/machines">
          <Lazy screen={MachinesScreen} />
        </Route>
      ) : null}
      {explorerEnabled() ? (
        <Route path="/machines/:name">
          <Lazy screen={MachinesScreen} />
        </Route>
      ) : null}
      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}

function Bare({ children }: { children: ReactNode }) {
  return <GlobalErrorOutlet>{children}</GlobalErrorOutlet>;
}

/** The whole table: redirects, routes outside the shell, then the shell. */
export function AppRoutes() {
  return (
    <Switch>
      <Route key="/" path="/">
        <Redirect to="/main" replace />
      </Route>
      <Route key="/main" path="/main">
        <Redirect to="/updates" replace />
      </Route>
      <Route path="/viewer/:chapterId">
        {(p: { chapterId: string }) => {
          // The chapter's data and first pages load while the viewer's code does.
          preloadChapter(Number(p.chapterId));
          return (
            <Bare>
              <Lazy screen={ViewerScreen} />
            </Bare>
          );
        }}
      </Route>
      <Route path="/webview/announcement/:language">
        <WebviewLayout>
          <Lazy screen={AnnouncementScreen} />
        </WebviewLayout>
      </Route>
      <Route path="/webview/faq/:language">
        <WebviewLayout>
          <Lazy screen={FaqScreen} />
        </WebviewLayout>
      </Route>
      <Route path="/webview/questionnaire/:lang/:questionnaire_key">
        <WebviewLayout param="lang">
          <Lazy screen={QuestionnaireScreen} />
        </WebviewLayout>
      </Route>
      <Route path="/terms_web_ja">
        <Lazy screen={TermsScreen} />
      </Route>
      {[...CAMPAIGN_US, ...CAMPAIGN_FR].map((p) => (
        <Route key={p} path={p}>
          <Lazy screen={CampaignScreen} />
        </Route>
      ))}
      {/* 001 §2: an unknown path keeps the main layout unless it contains "static". */}
      <Route
        path={
          /^\/(?!(?:updates|featured|favorited|ranking|manga_list|titles|comments|search_result|announcement|publisher_news|feedback|about_us|rating|faq)(?:\/|$)).*static/
        }
      >
        <NotFoundScreen />
      </Route>
      <Route>
        <Shell>
          <ShellRoutes />
        </Shell>
      </Route>
    </Switch>
  );
}
