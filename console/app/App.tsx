import { lazy, Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { t } from '../i18n';
import type { DateClock } from '../../core/clock';
import { ClockContext, dateClock } from '../../web/clock';
import { useSessionMachine } from './session';
import { SessionProvider, useMember, useSession } from '../ui/sessionContext';
import { AREAS, DETAILS, areasFor } from './nav';
import { reaches } from '../ui/access';
import { Frame } from './Frame';
import { Loading } from '../ui/ui';
import SignInScreen from '../screens/signIn/SignInScreen';
import EnrolScreen from '../screens/enrol/EnrolScreen';
import HomeScreen, { type AreaLink } from '../screens/home/HomeScreen';
import MeScreen from '../screens/me/MeScreen';
import StaffScreen from '../screens/staff/StaffScreen';
import TokensScreen from '../screens/tokens/TokensScreen';
import AuditScreen from '../screens/audit/AuditScreen';
import CatalogScreen from '../screens/catalog/CatalogScreen';
import FeedbackScreen from '../screens/feedback/FeedbackScreen';
import StatsScreen from '../screens/stats/StatsScreen';
import BannersScreen from '../screens/banners/BannersScreen';
import FeaturedScreen from '../screens/featured/FeaturedScreen';
import PopupsScreen from '../screens/popups/PopupsScreen';
import SurveysScreen from '../screens/surveys/SurveysScreen';
import PreviewScreen from '../screens/preview/PreviewScreen';
import ModerationScreen from '../screens/moderation/ModerationScreen';
// Series, titles, chapters
import SeriesListScreen from '../screens/series/SeriesListScreen';
import SeriesEditorScreen from '../screens/series/SeriesEditorScreen';
import ChaptersScreen from '../screens/chapters/ChaptersScreen';
import PublishersScreen from '../screens/publishers/PublishersScreen';
import '../theme.css';
import './app.css';

// Loaded when first opened: the rich-text editor (TipTap) and the uploader (Uppy) are most of the console's weight,
// and most sessions open neither.
const AnnouncementsScreen = lazy(() => import('../screens/announcements/TextsScreen'));
const NewsScreen = lazy(() => import('../screens/announcements/TextsScreen').then((m) => ({ default: m.NewsScreen })));
const ChapterScreen = lazy(() => import('../screens/chapters/ChapterScreen'));
const CalendarScreen = lazy(() => import('../screens/calendar/CalendarScreen'));
const ReleaseGroupScreen = lazy(() => import('../screens/releases/ReleaseGroupScreen'));
const NewReleaseGroupScreen = lazy(() => import('../screens/releases/NewReleaseGroupScreen'));
const CoverTestsScreen = lazy(() => import('../screens/coverTests/CoverTestsScreen'));
const CoverTestScreen = lazy(() => import('../screens/coverTests/CoverTestScreen'));

const SCREENS = {
  home: Home,
  me: MeScreen,
  staff: StaffScreen,
  tokens: TokensScreen,
  audit: AuditScreen,
  catalog: CatalogScreen,
  feedback: FeedbackScreen,
  stats: StatsScreen,
  banners: BannersScreen,
  featured: FeaturedScreen,
  popups: PopupsScreen,
  announcements: AnnouncementsScreen,
  news: NewsScreen,
  surveys: SurveysScreen,
  preview: PreviewScreen,
  moderation: ModerationScreen,
  series: SeriesListScreen,
  calendar: CalendarScreen,
  publishers: PublishersScreen,
  coverTests: CoverTestsScreen,
} as const;

// Screens under an area, given the id in their address.
const DETAIL_SCREENS = {
  seriesEditor: ({ id }: { id: string }) => <SeriesEditorScreen key={id} id={Number(id)} />,
  chapters: ({ id }: { id: string }) => <ChaptersScreen key={id} titleId={Number(id)} />,
  chapter: ({ id }: { id: string }) => <ChapterScreen key={id} id={Number(id)} />,
  newReleaseGroup: ({ id }: { id: string }) => <NewReleaseGroupScreen key={id} chapterId={Number(id)} />,
  releaseGroup: ({ id }: { id: string }) => <ReleaseGroupScreen key={id} id={Number(id)} />,
  coverTest: ({ id }: { id: string }) => <CoverTestScreen key={id} id={Number(id)} />,
} as const;

/** The home, with the other areas the member's roles reach (the navigation's, app/nav.ts). */
function Home() {
  const member = useMember();
  const areas = areasFor(member.roles)
    .filter((a) => a.path !== '/')
    .map((a): AreaLink => ({ path: a.path, name: `console.area.${a.key}`, hint: `console.areaHint.${a.key}` }));
  return <HomeScreen areas={areas} />;
}

/** The console at /console: enrolment from a link, sign-in, then the frame with the areas the member's roles reach. */
export function App({ clock = dateClock, base = '/console' }: { clock?: DateClock; base?: string }) {
  const session = useSessionMachine(clock);
  return (
    <ClockContext.Provider value={clock}>
      <SessionProvider value={session}>
        <Router base={base}>
          <Screens />
        </Router>
      </SessionProvider>
    </ClockContext.Provider>
  );
}

function Screens() {
  const session = useSession();
  const [location] = useLocation();
  const enrol = /^\/enrol\/([^/]+)$/.exec(location);
  if (enrol) return <EnrolScreen token={decodeURIComponent(enrol[1])} />;
  if (session.state === 'checking') return <Loading />;
  // Signed out or expired: sign in here, at the same address, and the member is back where they were.
  if (session.state !== 'active') return <SignInScreen expired={session.state === 'expired'} />;
  if (location === '/sign-in') return <Redirect to="/" />;
  return (
    <Frame>
      <Switch>
        {/* Detail screens, each behind its API call's roles like the areas */}
        {DETAILS.map((d) => (
          <Route key={d.path} path={d.path}>
            {(params: { id: string }) => <Detail detail={d} id={params.id} />}
          </Route>
        ))}
        {AREAS.map((a) => (
          <Route key={a.path} path={a.path}>
            <Area area={a} />
          </Route>
        ))}
        <Route>
          <h1>{t('console.notFound.title')}</h1>
        </Route>
      </Switch>
    </Frame>
  );
}

function Area({ area }: { area: (typeof AREAS)[number] }) {
  const member = useMember();
  if (!reaches(area.route, member.roles)) return <h1>{t('console.forbidden.title')}</h1>;
  const Screen = SCREENS[area.key];
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

function Detail({ detail, id }: { detail: (typeof DETAILS)[number]; id: string }) {
  const member = useMember();
  if (!reaches(detail.route, member.roles)) return <h1>{t('console.forbidden.title')}</h1>;
  const Screen = DETAIL_SCREENS[detail.key];
  return (
    <Suspense fallback={<Loading />}>
      <Screen id={id} />
    </Suspense>
  );
}
