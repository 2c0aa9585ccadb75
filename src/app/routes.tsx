import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { locale } from '../i18n';
import { Loading } from '../ui/Loading';
import { Shell } from './Shell';
import { GlobalErrorOutlet } from './GlobalErrorOutlet';
import { WebviewLayout } from '../screens/webview/WebviewLayout';
import NotFoundScreen from '../screens/errors/NotFoundScreen';
import BlockingScreen from '../screens/errors/BlockingScreen';
import MaintenanceScreen from '../screens/errors/MaintenanceScreen';
import { preloadChapter } from '../viewer/api';

/**
 * The route table of both documents (000 §2, 001 §2). Screens are lazy
 * chunks with a default export and no props; they read their params with
 * wouter's hooks (useParams, useSearch). /viewer, /webview/*, /terms_web_ja,
 * the campaign pages and unknown paths containing "static" render outside
 * the shell; everything else inside it.
 */
type Screen = LazyExoticComponent<ComponentType>;

const HomeScreen = lazy(() => import('../screens/home/HomeScreen'));
const FeaturedScreen = lazy(() => import('../screens/featured/FeaturedScreen'));
const FavoritedScreen = lazy(() => import('../screens/favorited/FavoritedScreen'));
const RankingScreen = lazy(() => import('../screens/ranking/RankingScreen'));
const MangaListScreen = lazy(() => import('../screens/manga_list/MangaListScreen'));
const TitleScreen = lazy(() => import('../screens/title/TitleScreen'));
const ViewerScreen = lazy(() => import('../screens/viewer/ViewerScreen'));
const CommentsScreen = lazy(() => import('../screens/comments/CommentsScreen'));
const SearchScreen = lazy(() => import('../screens/search/SearchScreen'));
const AnnouncementScreen = lazy(() => import('../screens/announcement/AnnouncementScreen'));
const PublisherNewsScreen = lazy(() => import('../screens/publisher_news/PublisherNewsScreen'));
const QuestionnaireScreen = lazy(() => import('../screens/questionnaire/QuestionnaireScreen'));
const MachinesScreen = lazy(() => import('../screens/machines/MachinesScreen'));
const FeedbackScreen = lazy(() => import('../screens/feedback/FeedbackScreen'));
const AboutScreen = lazy(() => import('../screens/static/AboutScreen'));
const RatingScreen = lazy(() => import('../screens/static/RatingScreen'));
const FaqScreen = lazy(() => import('../screens/static/FaqScreen'));
const TermsScreen = lazy(() => import('../screens/static/TermsScreen'));
const CampaignScreen = lazy(() => import('../screens/campaign/CampaignScreen'));

/** The machine explorer: always in development, in production when the server runs with MACHINE_EXPLORER on. */
export function explorerEnabled(): boolean {
  return __MACHINE_EXPLORER__ || (typeof document !== 'undefined' && !!document.querySelector('meta[name="machine-explorer"][content="on"]'));
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

function Lazy({ screen: S }: { screen: Screen }) {
  return (
    <Suspense fallback={<Loading />}>
      <S />
    </Suspense>
  );
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
      <Route path="/updates"><Lazy screen={HomeScreen} /></Route>
      <Route path="/featured"><Lazy screen={FeaturedScreen} /></Route>
      <Route path="/favorited"><Lazy screen={FavoritedScreen} /></Route>
      <Route key="/ranking" path="/ranking"><Redirect to="/ranking/hottest" replace /></Route>
      <Route path="/ranking/:tab"><RankingRoute /></Route>
      <Route key="/manga_list" path="/manga_list"><Redirect to="/manga_list/ongoing" replace /></Route>
      <Route path="/manga_list/:tab"><MangaListRoute /></Route>
      <Route path="/titles/:id"><Lazy screen={TitleScreen} /></Route>
      <Route path="/comments/:id"><Lazy screen={CommentsScreen} /></Route>
      <Route path="/search_result"><Lazy screen={SearchScreen} /></Route>
      <Route path="/announcement"><Lazy screen={AnnouncementScreen} /></Route>
      <Route path="/announcement/:language"><Lazy screen={AnnouncementScreen} /></Route>
      <Route path="/publisher_news/:publisherId"><Lazy screen={PublisherNewsScreen} /></Route>
      <Route path="/feedback"><Lazy screen={FeedbackScreen} /></Route>
      <Route path="/about_us"><Lazy screen={AboutScreen} /></Route>
      <Route key="/rating" path="/rating"><Redirect to={`/rating/${locale()}`} replace /></Route>
      <Route path="/rating/:language"><Lazy screen={RatingScreen} /></Route>
      <Route path="/faq"><Lazy screen={FaqScreen} /></Route>
      <Route path="/blocking"><BlockingScreen /></Route>
      <Route path="/maintenance"><MaintenanceScreen /></Route>
      <Route path="/error"><NotFoundScreen /></Route>
      {explorerEnabled() ? <Route path="/machines"><Lazy screen={MachinesScreen} /></Route> : null}
      {explorerEnabled() ? <Route path="/machines/:name"><Lazy screen={MachinesScreen} /></Route> : null}
      <Route><NotFoundScreen /></Route>
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
      <Route key="/" path="/"><Redirect to="/main" replace /></Route>
      <Route key="/main" path="/main"><Redirect to="/updates" replace /></Route>
      <Route path="/viewer/:chapterId">
        {(p: { chapterId: string }) => {
          // The chapter's data and first pages load while the viewer's code does.
          preloadChapter(Number(p.chapterId));
          return <Bare><Lazy screen={ViewerScreen} /></Bare>;
        }}
      </Route>
      <Route path="/webview/announcement/:language">
        <WebviewLayout><Lazy screen={AnnouncementScreen} /></WebviewLayout>
      </Route>
      <Route path="/webview/faq/:language">
        <WebviewLayout><Lazy screen={FaqScreen} /></WebviewLayout>
      </Route>
      <Route path="/webview/questionnaire/:lang/:questionnaire_key">
        <WebviewLayout param="lang"><Lazy screen={QuestionnaireScreen} /></WebviewLayout>
      </Route>
      <Route path="/terms_web_ja"><Lazy screen={TermsScreen} /></Route>
      {[...CAMPAIGN_US, ...CAMPAIGN_FR].map((p) => (
        <Route key={p} path={p}><Lazy screen={CampaignScreen} /></Route>
      ))}
      {/* 001 §2: an unknown path keeps the main layout unless it contains "static". */}
      <Route path={/^\/(?!(?:updates|featured|favorited|ranking|manga_list|titles|comments|search_result|announcement|publisher_news|feedback|about_us|rating|faq)(?:\/|$)).*static/}>
        <NotFoundScreen />
      </Route>
      <Route><Shell><ShellRoutes /></Shell></Route>
    </Switch>
  );
}
