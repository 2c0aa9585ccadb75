import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { locale } from '../i18n';
import { Loading } from '../ui/Loading';
import { Shell } from './Shell';
import { GlobalErrorOutlet } from './GlobalErrorOutlet';
import { useScrollRestoration } from './scroll';
import { WebviewLayout } from '../screens/webview/WebviewLayout';
import NotFoundScreen from '../screens/errors/NotFoundScreen';
import BlockingScreen from '../screens/errors/BlockingScreen';
import MaintenanceScreen from '../screens/errors/MaintenanceScreen';
import { preloadChapter, warmDecoders } from '../boot/viewerPreload';
import {
  CAMPAIGN_PAGES,
  EXPLORER_ROUTES,
  MANGA_LIST_ALIASES,
  MANGA_LIST_TABS,
  OUTSIDE_PATHS,
  RANKING_TABS,
  SHELL_PATHS,
  type OutsideRoute,
  type ShellRoute,
} from '../../core/routes';

/**
 * The route table of both documents (000 §2, 001 §2), written once: OUTSIDE
 * (routes outside the shell) and IN_SHELL, each route named by its pattern's
 * name in core/routes.ts (where the server finds which paths are routes: an
 * unknown one is answered 404). The <Switch>es render it, the
 * first screen's chunk is found in it (preloadScreenFor) and the "static"
 * rule takes the shell's first segments from it. Screens are lazy chunks
 * with a default export and no props; they read their params with wouter's
 * hooks (useParams, useSearch). /viewer, /webview/*, /terms_web_ja, the
 * campaign pages and unknown paths containing "static" render outside the
 * shell; everything else inside it.
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
const HistoryScreen = screen(() => import('../screens/history/HistoryScreen'));
// Linking a device
const LinkDeviceScreen = screen(() => import('../screens/link_device/LinkDeviceScreen'));
const DownloadsScreen = screen(() => import('../screens/downloads/DownloadsScreen'));

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
  const [ready] = useState(() => s.loaded());
  if (ready) return createElement(ready);
  return (
    <Suspense fallback={<Loading />}>
      <s.lazy />
    </Suspense>
  );
}

/** The machine explorer: always in development, in production when the server runs with MACHINE_EXPLORER on. */
function explorerEnabled(): boolean {
  return (
    __MACHINE_EXPLORER__ || (typeof document !== 'undefined' && !!document.querySelector('meta[name="machine-explorer"][content="on"]'))
  );
}

/** Campaign redirect pages (001 §2): the server renders them ahead (serverRender.tsx). */
export { CAMPAIGN_PAGES };

/**
 * A route: a path (wouter's pattern) and what it shows — a screen (rendered
 * lazily, its chunk preloaded when the app starts on it), a redirect, or its
 * own element (`render`; `screen` then names the chunk to preload).
 */
type Params = Record<string, string | undefined>;
interface Shows {
  screen?: Screen;
  redirect?: () => string;
  render?: (params: Params) => ReactNode;
}
interface Entry extends Shows {
  path: string;
  /** Only where the machine explorer is on. */
  explorer?: true;
}

/** A table's entries in its order, each route with its pattern (every name of core/routes.ts there once: the record's type says so). */
function entries<K extends string>(paths: Record<K, string>, shows: Record<K, Shows>, explorer: readonly string[] = []): Entry[] {
  return (Object.keys(shows) as K[]).map((k) => ({
    path: paths[k],
    ...shows[k],
    ...(explorer.includes(k) ? { explorer: true as const } : {}),
  }));
}

function element(e: Entry, params: Params): ReactNode {
  if (e.redirect) return <Redirect to={e.redirect()} replace />;
  if (e.render) return e.render(params);
  return e.screen ? <Lazy screen={e.screen} /> : null;
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

/** Routes inside the shell (header, footer, side menu); anything else there is not found. */
const IN_SHELL: Entry[] = entries<ShellRoute>(
  SHELL_PATHS,
  {
    updates: { screen: HomeScreen },
    featured: { screen: FeaturedScreen },
    favorited: { screen: FavoritedScreen },
    rankingHome: { redirect: () => '/ranking/hottest' },
    ranking: { screen: RankingScreen, render: () => <RankingRoute /> },
    mangaListHome: { redirect: () => '/manga_list/ongoing' },
    mangaList: { screen: MangaListScreen, render: () => <MangaListRoute /> },
    title: { screen: TitleScreen },
    comments: { screen: CommentsScreen },
    search: { screen: SearchScreen },
    announcements: { screen: AnnouncementScreen },
    announcement: { screen: AnnouncementScreen },
    publisherNews: { screen: PublisherNewsScreen },
    feedback: { screen: FeedbackScreen },
    history: { screen: HistoryScreen },
    // Linking a device
    linkDevice: { screen: LinkDeviceScreen },
    downloads: { screen: DownloadsScreen },
    about: { screen: AboutScreen },
    ratingHome: { redirect: () => `/rating/${locale()}` },
    rating: { screen: RatingScreen },
    faq: { screen: FaqScreen },
    blocking: { render: () => <BlockingScreen /> },
    maintenance: { render: () => <MaintenanceScreen /> },
    error: { render: () => <NotFoundScreen /> },
    machines: { screen: MachinesScreen },
    machine: { screen: MachinesScreen },
  },
  EXPLORER_ROUTES,
);

/** Routes outside the shell, matched first. */
const OUTSIDE: Entry[] = [
  ...entries<OutsideRoute>(OUTSIDE_PATHS, {
    root: { redirect: () => '/main' },
    main: { redirect: () => '/updates' },
    viewer: {
      screen: ViewerScreen,
      render: (p) => {
        // The chapter's data and first pages load while the viewer's code does.
        preloadChapter(Number(p.chapterId));
        return (
          <Bare>
            <Lazy screen={ViewerScreen} />
          </Bare>
        );
      },
    },
    webviewAnnouncement: {
      screen: AnnouncementScreen,
      render: () => (
        <WebviewLayout>
          <Lazy screen={AnnouncementScreen} />
        </WebviewLayout>
      ),
    },
    webviewFaq: {
      screen: FaqScreen,
      render: () => (
        <WebviewLayout>
          <Lazy screen={FaqScreen} />
        </WebviewLayout>
      ),
    },
    webviewQuestionnaire: {
      screen: QuestionnaireScreen,
      render: () => (
        <WebviewLayout param="lang">
          <Lazy screen={QuestionnaireScreen} />
        </WebviewLayout>
      ),
    },
    terms: { screen: TermsScreen },
  }),
  ...CAMPAIGN_PAGES.map((path) => ({ path, screen: CampaignScreen })),
];

/** A wouter pattern as a regular expression (a trailing slash allowed). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`);

/** 001 §2: an unknown path keeps the main layout unless it contains "static" (the shell's own paths aside). */
const SHELL_SEGMENTS = [...new Set(IN_SHELL.filter((e) => !e.explorer && (e.screen || e.redirect)).map((e) => e.path.split('/')[1]))];
const OUTSIDE_STATIC = new RegExp(`^/(?!(?:${SHELL_SEGMENTS.join('|')})(?:/|$)).*static`);

const enabled = (e: Entry) => !e.explorer || explorerEnabled();

/**
 * Loads the chunk of the screen a path shows first (following redirects); resolves once it can
 * render at once. Started with the route table, side by side with the first-use languages call
 * the routes wait for (LanguageProvider).
 */
export function preloadScreenFor(path: string): Promise<unknown> {
  for (let hops = 0; hops < 3; hops++) {
    const e = [...OUTSIDE, ...IN_SHELL].find((r) => enabled(r) && patternOf(r.path).test(path));
    if (!e?.redirect) return e?.screen?.preload() ?? Promise.resolve();
    path = e.redirect();
  }
  return Promise.resolve();
}
if (typeof window !== 'undefined') {
  void preloadScreenFor(window.location.pathname).catch(() => {});
  if (window.location.pathname.startsWith('/viewer/')) warmDecoders();
}

function routesOf(entries: Entry[]): ReactNode[] {
  return entries.filter(enabled).map((e) => (
    // Keyed by what it shows: a screen stays mounted across its own routes (a tab change), and
    // another screen or a redirect at the same place is a new mount.
    <Route key={e.screen ? `screen${e.screen.id}` : e.path} path={e.path}>
      {(params: Params) => element(e, params)}
    </Route>
  ));
}

function ShellRoutes() {
  return (
    <Switch>
      {routesOf(IN_SHELL)}
      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}

function Bare({ children }: { children: ReactNode }) {
  return <GlobalErrorOutlet>{children}</GlobalErrorOutlet>;
}

/**
 * The whole table: routes outside the shell, then the shell. Scrolling follows
 * navigation on every route (the shell's and those outside it, such as the
 * terms' #article-N links): src/app/scroll.ts.
 */
export function AppRoutes() {
  useScrollRestoration();
  return (
    <Switch>
      {routesOf(OUTSIDE)}
      <Route path={OUTSIDE_STATIC}>
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
