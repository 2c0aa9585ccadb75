import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { create } from '@bufbuild/protobuf';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { keyRemapMachine, type KeyRemapContext } from '../../machines/keyRemapMachine';
import { reducedMotionMachine, type ReducedMotionContext } from '../../machines/reducedMotionMachine';
import { tapZoneMachine, type TapZoneContext } from '../../machines/tapZoneMachine';
import { MangaViewerSchema } from '../../core/gen/manga/v1/viewer_pb';
import { DEFAULT_READER_SETTINGS } from '../../core/viewer/readerSettings';
import type { ReaderAction } from '../../core/viewer/controls';
import { ViewerMenus } from '../../src/screens/viewer/ViewerMenus';
import { ControlsContext } from '../../src/screens/viewer/controlsPanel';
import { TapZonePreview } from '../../src/screens/viewer/TapZonePreview';
import { inspect } from '../../web/inspector';
import { saveControls, storedControls } from '../../src/lib/storage';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

/**
 * The reader's controls in the viewer's real settings modal (ViewerMenus → ReaderSettingsFields →
 * ControlsFields) and the tap-zone preview, driven through the keyRemap, tapZone and reducedMotion
 * machines' paths: each event is what the reader does (a key button, a key pressed, a radio, a
 * checkbox, the preview button) or what the system does (its reduced-motion preference changes);
 * each state is checked as the reader sees it and as it is stored (viewer_controls).
 */
const viewer = create(MangaViewerSchema, { chapterId: 7, titleId: 42, titleName: 'T', chapterName: 'C' });
/** The system's prefers-reduced-motion, as the test changes it. */
const system = { reduce: false, listeners: new Set<(r: boolean) => void>() };

function Harness() {
  const stored = storedControls();
  const [keyRemap, sendKeys] = useMachine(keyRemapMachine.provide({ actions: { saveKeys: (_, keys) => saveControls({ keys }) } }), {
    input: { keys: stored.keys },
    inspect,
  });
  const [taps, sendTaps] = useMachine(tapZoneMachine.provide({ actions: { saveTaps: (_, t) => saveControls({ ...t }) } }), {
    input: { layout: stored.layout, invertX: stored.invertX, invertY: stored.invertY, wheel: stored.wheel },
    inspect,
  });
  const [motion, sendMotion] = useMachine(
    reducedMotionMachine.provide({ actions: { saveMotion: (_, motion) => saveControls({ motion }) } }),
    { input: { setting: stored.motion, system: system.reduce }, inspect },
  );
  useEffect(() => {
    const l = (reduce: boolean) => sendMotion({ type: 'system.changed', reduce });
    system.listeners.add(l);
    return () => void system.listeners.delete(l);
  }, [sendMotion]);
  return (
    <Router hook={memoryLocation({ path: '/viewer/7' }).hook}>
      <ControlsContext.Provider value={{ keyRemap, taps, motion, rtlAcross: false, sendKeys, sendTaps, sendMotion }}>
        <TapZonePreview />
        <ViewerMenus
          viewer={viewer}
          open="settings"
          onClose={() => {}}
          mode="horizontal"
          onMode={() => {}}
          resolution="high"
          onResolution={() => {}}
          settings={DEFAULT_READER_SETTINGS}
          onSetting={() => {}}
        />
      </ControlsContext.Provider>
    </Router>
  );
}

const dialog = () => within(screen.getByRole('dialog'));
const ACTION_NAMES: Partial<Record<ReaderAction, string>> = { settings: 'Settings', nextPage: 'Next page' };
const keyButton = (a: ReaderAction) => dialog().getByRole('button', { name: new RegExp(`change the key for “${ACTION_NAMES[a]}”`) });
const status = () => screen.getByTestId('viewer-keys-status').textContent;
const start = () => {
  system.reduce = false;
  render(<Harness />);
};

describe('reader controls in the viewer’s settings modal', () => {
  beforeEach(() => loadTestMessages());

  it('key remapping: record, refused keys, saved, reset — as shown and stored', async () => {
    await runUiModel(
      keyRemapMachine,
      {
        name: 'keyRemap',
        inputs: [{ keys: storedControls().keys }],
        events: [
          { type: 'record', action: 'nextPage' },
          { type: 'key', key: 'x' },
          { type: 'key', key: 'Shift' },
          { type: 'key', key: ' ' },
          { type: 'key', key: 's' },
          { type: 'key', key: 'Escape' },
          { type: 'cancel' },
          { type: 'reset' },
        ],

        sequences: [
          [
            { type: 'record', action: 'nextPage' },
            { type: 'key', key: 's' },
            { type: 'key', key: 'Shift' },
            { type: 'key', key: 'q' },
          ],
          [{ type: 'record', action: 'nextPage' }, { type: 'key', key: 's' }, { type: 'cancel' }],
          [
            { type: 'record', action: 'nextPage' },
            { type: 'key', key: 'Shift' },
            { type: 'key', key: 'x' },
          ],
          [
            { type: 'record', action: 'nextPage' },
            { type: 'key', key: 's' },
            { type: 'key', key: 'Escape' },
          ],
          [
            { type: 'record', action: 'nextPage' },
            { type: 'key', key: ' ' },
            { type: 'key', key: ' ' },
          ],
          [{ type: 'record', action: 'nextPage' }, { type: 'key', key: 'x' }, { type: 'record', action: 'nextPage' }, { type: 'reset' }],
        ],
      },
      () => ({
        render: start,
        events: {
          record: (e) => fireEvent.click(keyButton(e.action as ReaderAction)),
          key: (e) => fireEvent.keyDown(window, { key: e.key as string }),
          // Tab leaves the key button: recording gives up.
          cancel: () => fireEvent.keyDown(window, { key: 'Tab' }),
          reset: () => fireEvent.click(dialog().getByRole('button', { name: 'Reset keys to defaults' })),
        },
        check: (state) => {
          const v = String(state.value);
          const c = state.context as KeyRemapContext;
          const s = status() ?? '';
          if (v === 'recording') expect(s).toMatch(/^Press a key for “Next page”/);
          if (v === 'conflict') expect(s).toMatch(c.conflict?.with ? /already the key for “Settings”/ : /kept for paging/);
          if (v === 'saved') expect(s).toBe('Key saved.');
          if (v === 'idle') expect(s).toBe('');
          expect(keyButton('nextPage').getAttribute('aria-pressed')).toBe(String(v === 'recording' || v === 'conflict'));
          if (v !== 'recording' && v !== 'conflict')
            expect(keyButton('nextPage').textContent).toBe(c.keys.nextPage.toUpperCase().replace('PAGEDOWN', 'Page Down'));
          expect(storedControls().keys).toEqual(c.keys);
        },
      }),
    );
  });

  it('tap zones: layout, inversion, preview and wheel — as shown and stored', async () => {
    await runUiModel(
      tapZoneMachine,
      {
        name: 'tapZone',
        // A control already showing the value cannot send it again (a checked radio, a checkbox set).
        skipStep: (_from, e, _input, before) => {
          const last = before.filter((b) => b.type === e.type).at(-1);
          const initial: Record<string, unknown> = {
            'layout.set': 'lshape',
            'invertX.set': false,
            'invertY.set': false,
            'wheel.set': 'scroll',
          };
          const key = e.type === 'layout.set' ? 'layout' : e.type === 'wheel.set' ? 'wheel' : 'value';
          return e.type in initial && (last ? last[key] : initial[e.type]) === e[key];
        },
        inputs: [{ ...storedControls(), keys: undefined }].map(({ layout, invertX, invertY, wheel }) => ({
          layout,
          invertX,
          invertY,
          wheel,
        })),
        events: [
          { type: 'layout.set', layout: 'kindle' },
          { type: 'invertX.set', value: true },
          { type: 'invertY.set', value: true },
          { type: 'wheel.set', wheel: 'pages' },
          { type: 'preview.show' },
          { type: 'preview.close' },
        ],
        sequences: [
          [
            { type: 'wheel.set', wheel: 'pages' },
            { type: 'preview.show' },
            { type: 'layout.set', layout: 'edges' },
            { type: 'invertX.set', value: true },
            { type: 'invertY.set', value: true },
            { type: 'wheel.set', wheel: 'scroll' },
            { type: 'preview.close' },
            { type: 'invertX.set', value: false },
            { type: 'preview.close' },
            { type: 'invertY.set', value: false },
          ],
        ],
      },
      () => ({
        render: start,
        events: {
          'layout.set': (e) => fireEvent.click(dialog().getByRole('radio', { name: e.layout === 'kindle' ? 'Kindle style' : 'Edges' })),
          'invertX.set': () => fireEvent.click(dialog().getByRole('checkbox', { name: 'Swap left and right' })),
          'invertY.set': () => fireEvent.click(dialog().getByRole('checkbox', { name: 'Swap top and bottom' })),
          'wheel.set': (e) =>
            fireEvent.click(dialog().getByRole('radio', { name: e.wheel === 'pages' ? 'Always turns pages' : /^Scrolls/ })),
          'preview.show': () => fireEvent.click(dialog().getByRole('button', { name: 'Show tap zones' })),
          'preview.close': () => fireEvent.click(screen.getByRole('button', { name: 'Close the tap zones' })),
        },
        check: (state) => {
          const v = String(state.value);
          const c = state.context as TapZoneContext;
          expect(screen.queryAllByTestId('viewer-tap-preview')).toHaveLength(v === 'previewing' ? 1 : 0);
          expect(dialog().getByRole('button', { name: 'Show tap zones' }).getAttribute('aria-pressed')).toBe(String(v === 'previewing'));
          expect(dialog().getByRole<HTMLInputElement>('radio', { name: 'Kindle style' }).checked).toBe(c.layout === 'kindle');
          expect(dialog().getByRole<HTMLInputElement>('checkbox', { name: 'Swap left and right' }).checked).toBe(c.invertX);
          expect(dialog().getByRole<HTMLInputElement>('checkbox', { name: 'Swap top and bottom' }).checked).toBe(c.invertY);
          expect(dialog().getByRole<HTMLInputElement>('radio', { name: 'Always turns pages' }).checked).toBe(c.wheel === 'pages');
          const { layout, invertX, invertY, wheel } = storedControls();
          expect({ layout, invertX, invertY, wheel }).toEqual(c);
        },
      }),
    );
  });

  it('reduced motion: the setting against the system’s preference — as shown and stored', async () => {
    await runUiModel(
      reducedMotionMachine,
      {
        name: 'reducedMotion',
        inputs: [{ setting: 'auto', system: false }],
        events: [
          { type: 'system.changed', reduce: true },
          { type: 'system.changed', reduce: false },
          { type: 'setting.set', setting: 'auto' },
          { type: 'setting.set', setting: 'reduce' },
          { type: 'setting.set', setting: 'full' },
        ],
      },
      () => ({
        render: start,
        events: {
          'system.changed': (e) =>
            act(() => {
              system.reduce = e.reduce as boolean;
              for (const l of system.listeners) l(system.reduce);
            }),
          'setting.set': (e) =>
            fireEvent.click(
              dialog().getByRole('radio', {
                name: { auto: 'Follow the system setting', reduce: 'Reduce motion', full: 'Full motion' }[e.setting as string]!,
              }),
            ),
        },
        check: (state) => {
          const c = state.context as ReducedMotionContext;
          expect(screen.getByTestId('viewer-motion-effective').textContent).toBe(
            state.value === 'reduced' ? 'Motion is reduced now: pages change at once.' : 'Pages glide when they change.',
          );
          expect(dialog().getByRole<HTMLInputElement>('radio', { name: 'Reduce motion' }).checked).toBe(c.setting === 'reduce');
          expect(storedControls().motion).toBe(c.setting);
        },
      }),
    );
  });
});
