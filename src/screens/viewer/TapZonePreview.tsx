/**
 * The tap zones drawn as the taps use them (core/viewer/tapZones.ts):
 * coloured, labelled regions. ZoneDiagram is the small picture in the
 * settings modal; TapZonePreview lies over the whole stage while the
 * tapZone machine previews (taps pass through it and act as labelled), with
 * a button that closes it.
 */
import { useContext } from 'react';
import type { TapSettings } from '../../../core/viewer/controls';
import { tapOrientation, tapZones, type TapAction } from '../../../core/viewer/tapZones';
import { t } from '../../i18n';
import { ControlsContext } from './controlsPanel';

const LABEL: Record<TapAction, string> = { next: 'controls.zoneNext', prev: 'controls.zonePrev', menu: 'controls.zoneMenu' };

function Zones({ taps, rtlAcross }: { taps: TapSettings; rtlAcross: boolean }) {
  const zones = tapZones(taps.layout, tapOrientation(taps.invertX, taps.invertY, rtlAcross));
  return (
    <>
      {zones.map((z) => (
        <div
          key={`${z.x}-${z.y}-${z.action}`}
          className={`viewer-zone viewer-zone--${z.action}`}
          style={{ left: `${z.x * 100}%`, top: `${z.y * 100}%`, width: `${z.w * 100}%`, height: `${z.h * 100}%` }}
          data-action={z.action}
        >
          <span className="viewer-zone__label">{t(LABEL[z.action])}</span>
        </div>
      ))}
    </>
  );
}

export function ZoneDiagram({ taps, rtlAcross }: { taps: TapSettings; rtlAcross: boolean }) {
  return (
    <div className="viewer-zones viewer-zones--diagram" role="img" aria-label={t('controls.zonesPicture')}>
      <Zones taps={taps} rtlAcross={rtlAcross} />
    </div>
  );
}

export function TapZonePreview() {
  const p = useContext(ControlsContext);
  if (!p?.taps.matches('previewing')) return null;
  return (
    <div className="viewer-zones viewer-zones--stage" data-testid="viewer-tap-preview" role="region" aria-label={t('controls.tapZones')}>
      <Zones taps={p.taps.context} rtlAcross={p.rtlAcross} />
      <button type="button" className="viewer-zones__close" onClick={() => p.sendTaps({ type: 'preview.close' })}>
        {t('controls.closePreview')}
      </button>
    </div>
  );
}
