/**
 * What the settings modal's "Controls" section, the key help and the
 * tap-zone preview read and send: the keyRemap, tapZone and reducedMotion
 * machines' snapshots and their senders. The viewer's stage provides it from
 * its session (ViewerStage.tsx); a test provides its own actors.
 */
import { createContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { keyRemapMachine, KeyRemapEvent } from '../../../machines/keyRemapMachine';
import type { reducedMotionMachine, ReducedMotionEvent } from '../../../machines/reducedMotionMachine';
import type { tapZoneMachine, TapZoneEvent } from '../../../machines/tapZoneMachine';
import type { ReaderAction } from '../../../core/viewer/controls';
import { t } from '../../i18n';

export interface ControlsPanel {
  keyRemap: SnapshotFrom<typeof keyRemapMachine>;
  taps: SnapshotFrom<typeof tapZoneMachine>;
  motion: SnapshotFrom<typeof reducedMotionMachine>;
  /** A right-to-left chapter read across: the zones are mirrored. */
  rtlAcross: boolean;
  sendKeys: (e: KeyRemapEvent) => void;
  sendTaps: (e: TapZoneEvent) => void;
  sendMotion: (e: ReducedMotionEvent) => void;
}

export const ControlsContext = createContext<ControlsPanel | null>(null);

const NAMED: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  PageDown: 'Page Down',
  PageUp: 'Page Up',
  Home: 'Home',
  End: 'End',
  Escape: 'Esc',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
};

/** A key as printed on the keyboard. */
export function keyName(key: string): string {
  if (key === ' ') return t('controls.keySpace');
  return NAMED[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

export const actionName = (a: ReaderAction): string => t(`controls.action_${a}`);
