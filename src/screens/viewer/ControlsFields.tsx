/**
 * The settings modal's "Controls" section (in ReaderSettingsFields): the key
 * of every reader action with a button that records a new one (the next key
 * pressed; a refused key says why; Escape or Tab gives up) and a reset; the
 * tap-zone layout, its inversion and a button showing the zones over the
 * stage; what the mouse wheel does; reduced motion. Native inputs and
 * buttons, so everything works from the keyboard. Renders nothing without a
 * ControlsContext.
 */
import { useContext, useEffect } from 'react';
import { MOTION_SETTINGS, READER_ACTIONS, WHEEL_MODES, type MotionSetting, type WheelMode } from '../../../core/viewer/controls';
import { TAP_LAYOUTS } from '../../../core/viewer/tapZones';
import { t } from '../../i18n';
import { actionName, ControlsContext, keyName, type ControlsPanel } from './controlsPanel';
import { ZoneDiagram } from './TapZonePreview';
import './controls.css';

const MOTION: Record<MotionSetting, string> = { auto: 'controls.motionAuto', reduce: 'controls.motionReduce', full: 'controls.motionFull' };
const WHEEL: Record<WheelMode, string> = { scroll: 'controls.wheelScroll', pages: 'controls.wheelPages' };

/** While recording, the next key goes to the machine and nowhere else (not the dialog's Escape, not the viewer). */
function useRecorder(p: ControlsPanel) {
  const listening = p.keyRemap.matches('recording') || p.keyRemap.matches('conflict');
  const { sendKeys } = p;
  useEffect(() => {
    if (!listening) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') return sendKeys({ type: 'cancel' });
      e.preventDefault();
      e.stopPropagation();
      sendKeys({ type: 'key', key: e.key });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, sendKeys]);
  return listening;
}

function KeyFields({ p }: { p: ControlsPanel }) {
  const listening = useRecorder(p);
  const { keys, action, conflict } = p.keyRemap.context;
  const status = listening
    ? conflict
      ? conflict.with
        ? t('controls.conflictWith', { key: keyName(conflict.key), action: actionName(conflict.with) })
        : t('controls.conflictReserved', { key: keyName(conflict.key) })
      : t('controls.recording', { action: actionName(action!) })
    : p.keyRemap.matches('saved')
      ? t('controls.saved')
      : '';
  return (
    <fieldset className="viewer-subgroup" data-testid="viewer-keys">
      <legend>{t('controls.keys')}</legend>
      <p className="viewer-note">{t('controls.fixedKeys')}</p>
      <ul className="viewer-keys">
        {READER_ACTIONS.map((a) => {
          const recording = listening && action === a;
          return (
            <li key={a} className="viewer-keys__row">
              <span className="viewer-keys__action">{actionName(a)}</span>
              <button
                type="button"
                className={`viewer-keys__key ${recording ? 'is-recording' : ''}`}
                aria-label={t('controls.changeKey', { action: actionName(a), key: recording ? '…' : keyName(keys[a]) })}
                aria-pressed={recording}
                onClick={() => p.sendKeys({ type: 'record', action: a })}
              >
                {recording ? '…' : keyName(keys[a])}
              </button>
            </li>
          );
        })}
      </ul>
      <p className={`viewer-keys__status ${conflict && listening ? 'is-conflict' : ''}`} role="status" data-testid="viewer-keys-status">
        {status}
      </p>
      <button type="button" className="viewer-reset" onClick={() => p.sendKeys({ type: 'reset' })}>
        {t('controls.resetKeys')}
      </button>
    </fieldset>
  );
}

function TapFields({ p }: { p: ControlsPanel }) {
  const { layout, invertX, invertY, wheel } = p.taps.context;
  return (
    <>
      <fieldset className="viewer-subgroup" data-testid="viewer-tap-zones">
        <legend>{t('controls.tapZones')}</legend>
        {TAP_LAYOUTS.map((l) => (
          <label key={l} className="viewer-option">
            <input
              type="radio"
              name="viewer-tap-layout"
              value={l}
              checked={layout === l}
              onChange={() => p.sendTaps({ type: 'layout.set', layout: l })}
            />
            {t(`controls.layout_${l}`)}
          </label>
        ))}
        <label className="viewer-option">
          <input type="checkbox" checked={invertX} onChange={(e) => p.sendTaps({ type: 'invertX.set', value: e.target.checked })} />
          {t('controls.invertX')}
        </label>
        <label className="viewer-option">
          <input type="checkbox" checked={invertY} onChange={(e) => p.sendTaps({ type: 'invertY.set', value: e.target.checked })} />
          {t('controls.invertY')}
        </label>
        <ZoneDiagram taps={p.taps.context} rtlAcross={p.rtlAcross} />
        <button
          type="button"
          className="viewer-reset"
          aria-pressed={p.taps.matches('previewing')}
          onClick={() => p.sendTaps({ type: p.taps.matches('previewing') ? 'preview.close' : 'preview.show' })}
        >
          {t('controls.showZones')}
        </button>
      </fieldset>
      <fieldset className="viewer-subgroup" data-testid="viewer-wheel">
        <legend>{t('controls.wheel')}</legend>
        {WHEEL_MODES.map((w) => (
          <label key={w} className="viewer-option">
            <input
              type="radio"
              name="viewer-wheel"
              value={w}
              checked={wheel === w}
              onChange={() => p.sendTaps({ type: 'wheel.set', wheel: w })}
            />
            {t(WHEEL[w])}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function MotionFields({ p }: { p: ControlsPanel }) {
  const { setting } = p.motion.context;
  return (
    <fieldset className="viewer-subgroup" data-testid="viewer-motion">
      <legend>{t('controls.motion')}</legend>
      {MOTION_SETTINGS.map((m) => (
        <label key={m} className="viewer-option">
          <input
            type="radio"
            name="viewer-motion"
            value={m}
            checked={setting === m}
            onChange={() => p.sendMotion({ type: 'setting.set', setting: m })}
          />
          {t(MOTION[m])}
        </label>
      ))}
      <p className="viewer-note" data-testid="viewer-motion-effective">
        {t(p.motion.matches('reduced') ? 'controls.motionIsReduced' : 'controls.motionIsFull')}
      </p>
    </fieldset>
  );
}

export function ControlsFields() {
  const p = useContext(ControlsContext);
  if (!p) return null;
  return (
    <fieldset className="viewer-options" data-testid="viewer-controls">
      <legend>{t('controls.title')}</legend>
      <KeyFields p={p} />
      <TapFields p={p} />
      <MotionFields p={p} />
    </fieldset>
  );
}
