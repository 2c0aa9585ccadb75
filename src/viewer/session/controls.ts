/**
 * A session's controls: the keyRemap, tapZone and reducedMotion machines as
 * actors, read from and saved through the storage port (one set per
 * visitor), the system's reduced-motion preference fed to the last as it
 * changes (the motion port), and the rules the session asks of them: the key
 * map, the action of a tap, what the wheel does, whether motion is reduced
 * (every camera move lands at once, no inertia); the help overlay's state and
 * the hook for actions of the page around the session (`onApp`).
 */
import { createActor, type ActorRefFrom } from 'xstate';
import { keyRemapMachine } from '../../../machines/keyRemapMachine';
import { reducedMotionMachine } from '../../../machines/reducedMotionMachine';
import { tapZoneMachine } from '../../../machines/tapZoneMachine';
import type { ControlSettings, KeyMap, WheelMode } from '../../../core/viewer/controls';
import { tapAction, tapOrientation, type TapAction } from '../../../core/viewer/tapZones';
import type { Mode } from '../../../core/viewer/layout';
import { inspect } from '../../../web/inspector';
import type { ViewerEnvironment } from './environment';
import type { AppAction } from './keys';

export interface ControlActors {
  keys: ActorRefFrom<typeof keyRemapMachine>;
  taps: ActorRefFrom<typeof tapZoneMachine>;
  motion: ActorRefFrom<typeof reducedMotionMachine>;
}

export class SessionControls {
  readonly actors: ControlActors;
  private app: (a: AppAction) => void = () => {};
  /** The key help overlay is open (keys do nothing else meanwhile). */
  help = false;
  private readonly onChange: () => void;
  private readonly stops: Array<() => void> = [];

  constructor(env: Pick<ViewerEnvironment, 'storage' | 'motion'>, onChange: () => void) {
    this.onChange = onChange;
    const stored = env.storage.storedControls();
    const save = (patch: Partial<ControlSettings>) => env.storage.saveControls(patch);
    this.actors = {
      keys: createActor(keyRemapMachine.provide({ actions: { saveKeys: (_, keys) => save({ keys }) } }), {
        input: { keys: stored.keys },
        inspect,
      }),
      taps: createActor(tapZoneMachine.provide({ actions: { saveTaps: (_, t) => save({ ...t }) } }), {
        input: { layout: stored.layout, invertX: stored.invertX, invertY: stored.invertY, wheel: stored.wheel },
        inspect,
      }),
      motion: createActor(reducedMotionMachine.provide({ actions: { saveMotion: (_, motion) => save({ motion }) } }), {
        input: { setting: stored.motion, system: env.motion.reduced() },
        inspect,
      }),
    };
    for (const a of this.all()) {
      a.start();
      const sub = a.subscribe(() => onChange());
      this.stops.push(() => sub.unsubscribe());
    }
    this.stops.push(env.motion.onChange((reduce) => this.actors.motion.send({ type: 'system.changed', reduce })));
  }

  get keys(): KeyMap {
    return this.actors.keys.getSnapshot().context.keys;
  }
  get wheel(): WheelMode {
    return this.actors.taps.getSnapshot().context.wheel;
  }
  /** No easing, no inertia: every move lands at once. */
  get reduced(): boolean {
    return this.actors.motion.getSnapshot().matches('reduced');
  }

  /** The action of a tap at (x, y) on a stage w × h, in this reading direction; `large`: e-ink's larger turning zones. */
  tap(x: number, y: number, w: number, h: number, mode: Mode, rtl: boolean, large = false): TapAction {
    const { layout, invertX, invertY } = this.actors.taps.getSnapshot().context;
    return tapAction(layout, tapOrientation(invertX, invertY, rtl && mode === 'horizontal'), x, y, w, h, large);
  }

  private all(): Array<{ subscribe(fn: () => void): { unsubscribe(): void }; start(): void; stop(): void }> {
    return [this.actors.keys, this.actors.taps, this.actors.motion];
  }

  /** Carries out what the page around the session does (chapters, fullscreen, help) with the stage's handler. */
  onApp(a: AppAction): void {
    this.app(a);
  }
  handleApp(fn: (a: AppAction) => void): void {
    this.app = fn;
  }

  setHelp(open: boolean): void {
    this.help = open;
    this.onChange();
  }

  stop(): void {
    for (const s of this.stops.splice(0)) s();
    for (const a of this.all()) a.stop();
  }
}
