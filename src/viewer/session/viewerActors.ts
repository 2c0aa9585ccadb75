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
  const { navBar, toast, inertia } = env.clocks;
  let hide: TimerId | undefined;
  let toastTimer: TimerId | undefined;
  let frame: TimerId | undefined;
  const clearHide = () => {
    if (hide !== undefined) navBar.clearTimeout(hide);
    hide = undefined;
  };
  const stopInertia = () => {
    if (frame !== undefined) inertia.cancelFrame(frame);
    frame = undefined;
  };

  const nav = createActor(
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
  const mode = createActor(
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
  const menus = createActor(viewerMenusMachine.provide({ actions: { notifyToggled: () => nav.send({ type: 'menu.toggled' }) } }), {
    inspect,
  });
  const settings = createActor(
    readerSettingsMachine.provide({
      actions: {
        saveDisplay: (_, display) => env.storage.saveDisplaySettings(display),
        saveTitle: (_, title) => env.storage.saveTitleSettings(titleId, title),
      },
    }),
    {
      input: {
        display: env.storage.storedDisplaySettings(),
        title: env.storage.storedTitleSettings(titleId),
        mode: modeOf(mode.getSnapshot().value),
      },
      inspect,
    },
  );
  const paging = createActor(
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
  return {
    paging,
    mode,
    nav,
    menus,
    settings,
    stopTimers: () => {
      clearHide();
      stopInertia();
      if (toastTimer !== undefined) toast.clearTimeout(toastTimer);
      toastTimer = undefined;
    },
  };
}
