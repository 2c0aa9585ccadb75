/**
 * The viewer's five machines as actors of one session, with their effects
 * supplied from the session's environment: the navigation bar's auto-hide
 * and the direction toast on their injected clocks, inertia frames on the
 * inertia clock, the chosen direction and the reader settings (display
 * settings per visitor, the title's settings per title) read from and saved
 * through the storage port.
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { pagingMachine } from '../../../machines/pagingMachine';
import { readerSettingsMachine } from '../../../machines/readerSettingsMachine';
import { viewerMenusMachine } from '../../../machines/viewerMenusMachine';
import { viewerModeMachine } from '../../../machines/viewerModeMachine';
import { viewerNavBarMachine } from '../../../machines/viewerNavBarMachine';
import type { Geometry } from '../../../core/viewer/camera';
import { VIEWER } from '../../../core/viewer/layout';
import { modeOf } from '../../../core/viewer/viewerMode';
import { inspect } from '../../../web/inspector';
import type { TimerId } from './clock';
import type { ViewerEnvironment } from './environment';

/** How long the direction toast stays. */
export const TOAST_MS = 2000;
/** The longest step one inertia frame advances (a frame after a pause is not a leap). */
const MAX_FRAME_MS = 50;

const EMPTY: Geometry = { mode: 'horizontal', rtl: false, viewport: { width: 1, height: 1 }, count: 0, tops: [], contentHeight: 1 };

export interface ViewerActors {
  paging: ActorRefFrom<typeof pagingMachine>;
  mode: ActorRefFrom<typeof viewerModeMachine>;
  nav: ActorRefFrom<typeof viewerNavBarMachine>;
  menus: ActorRefFrom<typeof viewerMenusMachine>;
  settings: ActorRefFrom<typeof readerSettingsMachine>;
}

interface ChapterFlags {
  verticalOnly: boolean;
  horizontalOnly: boolean;
  titleId: number;
}

/** Creates (not starts) the session's actors; `stop` cancels what their effects left armed. */
export function createViewerActors(
  env: ViewerEnvironment,
  { titleId, ...chapter }: ChapterFlags,
): ViewerActors & { stopTimers: () => void } {
  const nav = navActor(env);
  const mode = modeActor(env, chapter);
  const menus = createActor(viewerMenusMachine.provide({ actions: { notifyToggled: () => nav.actor.send({ type: 'menu.toggled' }) } }), {
    inspect,
  });
  const settings = settingsActor(env, titleId, modeOf(mode.actor.getSnapshot().value));
  const paging = pagingActor(env);
  return {
    paging: paging.actor,
    mode: mode.actor,
    nav: nav.actor,
    menus,
    settings,
    stopTimers: () => {
      nav.stop();
      paging.stop();
      mode.stop();
    },
  };
}

/** The navigation bar, hidden after VIEWER.navAutoHideMs on its clock. */
function navActor(env: ViewerEnvironment) {
  const { navBar } = env.clocks;
  let hide: TimerId | undefined;
  const clearHide = () => {
    if (hide !== undefined) navBar.clearTimeout(hide);
    hide = undefined;
  };
  const actor = createActor(
    viewerNavBarMachine.provide({
      actions: {
        startHideTimer: ({ self }) => {
          clearHide();
          hide = navBar.setTimeout(() => {
            hide = undefined;
            self.send({ type: 'navbar.elapsed' });
          }, VIEWER.navAutoHideMs);
        },
        cancelHideTimer: clearHide,
      },
    }),
    { input: {}, inspect },
  );
  return { actor, stop: clearHide };
}

/** The reading direction: stored and tracked as it changes, with its toast on the toast clock. */
function modeActor(env: ViewerEnvironment, chapter: Omit<ChapterFlags, 'titleId'>) {
  const { toast } = env.clocks;
  let toastTimer: TimerId | undefined;
  const actor = createActor(
    viewerModeMachine.provide({
      actions: {
        saveMode: (_, { mode: m }) => env.storage.saveViewerMode(m),
        trackDirectionChange: ({ event }) => env.track('viewer_direction_change', { event: event.type }),
        startToastTimer: ({ self }) => {
          if (toastTimer !== undefined) toast.clearTimeout(toastTimer);
          toastTimer = toast.setTimeout(() => {
            toastTimer = undefined;
            self.send({ type: 'toast.elapsed' });
          }, TOAST_MS);
        },
      },
    }),
    { input: { stored: env.storage.storedViewerMode(), ...chapter }, inspect },
  );
  const stop = () => {
    if (toastTimer !== undefined) toast.clearTimeout(toastTimer);
    toastTimer = undefined;
  };
  return { actor, stop };
}

/** The reader settings: the display's per visitor, the title's per title, read and saved through the storage port. */
function settingsActor(env: ViewerEnvironment, titleId: number, mode: ReturnType<typeof modeOf>) {
  return createActor(
    readerSettingsMachine.provide({
      actions: {
        saveDisplay: (_, display) => env.storage.saveDisplaySettings(display),
        saveTitle: (_, title) => env.storage.saveTitleSettings(titleId, title),
      },
    }),
    {
      input: { display: env.storage.storedDisplaySettings(), title: env.storage.storedTitleSettings(titleId), mode },
      inspect,
    },
  );
}

/** Paging, its inertia a frame at a time on the inertia clock. */
function pagingActor(env: ViewerEnvironment) {
  const { inertia } = env.clocks;
  let frame: TimerId | undefined;
  const stopInertia = () => {
    if (frame !== undefined) inertia.cancelFrame(frame);
    frame = undefined;
  };
  const actor = createActor(
    pagingMachine.provide({
      actions: {
        startInertia: ({ self }) => {
          stopInertia();
          let last = inertia.now();
          const tick = (now: number) => {
            self.send({ type: 'scroll.tick', dt: Math.min(MAX_FRAME_MS, now - last) });
            last = now;
            frame = inertia.requestFrame(tick);
          };
          frame = inertia.requestFrame(tick);
        },
        stopInertia,
      },
    }),
    { input: { geometry: EMPTY }, inspect },
  );
  return { actor, stop: stopInertia };
}
