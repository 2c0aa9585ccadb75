/**
 * The reader settings in the viewer's settings modal (the readerSettings machine's events):
 * "Page display" (horizontal reading: fit, first page alone, the title's spread offset; vertical
 * reading: the column's largest page width and side margins, upright and wide windows apart;
 * both: border crop), the title's "Colours" (brightness, contrast, grayscale, sepia, invert,
 * reset) and the reader's "Controls" (ControlsFields.tsx: keys, tap zones, wheel, motion).
 * Native inputs, so every control works from the keyboard.
 */
import type { Orientation, ReaderSettingsEvent } from '../../../machines/readerSettingsMachine';
import {
  COLUMN_LIMITS,
  FILTER_LIMITS,
  HORIZONTAL_FITS,
  isIdentityFilter,
  type HorizontalFit,
  type ReaderSettings,
} from '../../../core/viewer/readerSettings';
import type { ViewerMode } from '../../../core/viewer/viewerMode';
import { t } from '../../i18n';
import { ControlsFields } from './ControlsFields';
import { CheckField, RangeField } from './SettingsInputs';

interface Props {
  settings: ReaderSettings;
  mode: ViewerMode;
  onSetting: (e: ReaderSettingsEvent) => void;
}

const FIT_LABELS: Record<HorizontalFit, string> = {
  screen: 'viewer.fitScreen',
  width: 'viewer.fitWidth',
  height: 'viewer.fitHeight',
  original: 'viewer.fitOriginal',
};

function ColumnFields({ settings, onSetting, orientation }: Omit<Props, 'mode'> & { orientation: Orientation }) {
  const column = settings[orientation];
  return (
    <fieldset className="viewer-subgroup" data-testid={`viewer-column-${orientation}`}>
      <legend>{t(orientation === 'portrait' ? 'viewer.columnPortrait' : 'viewer.columnLandscape')}</legend>
      <RangeField
        label={t('viewer.columnWidth')}
        value={column.maxWidth}
        text={t('viewer.pixels', { n: column.maxWidth })}
        min={COLUMN_LIMITS.minWidth}
        max={COLUMN_LIMITS.maxWidth}
        step={10}
        onValue={(value) => onSetting({ type: 'columnWidth.set', orientation, value })}
      />
      <RangeField
        label={t('viewer.columnPadding')}
        value={column.padding}
        text={t('viewer.pixels', { n: column.padding })}
        min={0}
        max={COLUMN_LIMITS.maxPadding}
        step={4}
        onValue={(value) => onSetting({ type: 'columnPadding.set', orientation, value })}
      />
    </fieldset>
  );
}

function PageDisplayFields({ settings, mode, onSetting }: Props) {
  return (
    <fieldset className="viewer-options" data-testid="viewer-page-display">
      <legend>{t('viewer.pageDisplay')}</legend>
      {mode === 'horizontal' ? (
        <>
          <fieldset className="viewer-subgroup" data-testid="viewer-fit">
            <legend>{t('viewer.fit')}</legend>
            {HORIZONTAL_FITS.map((fit) => (
              <label key={fit} className="viewer-option">
                <input
                  type="radio"
                  name="viewer-fit"
                  value={fit}
                  checked={settings.fit === fit}
                  onChange={() => onSetting({ type: 'fit.set', fit })}
                />
                {t(FIT_LABELS[fit])}
              </label>
            ))}
          </fieldset>
          <CheckField
            label={t('viewer.firstPageAlone')}
            checked={settings.firstPageAlone}
            onValue={(value) => onSetting({ type: 'firstPageAlone.set', value })}
          />
          <CheckField
            label={t('viewer.spreadOffset')}
            hint={t('viewer.spreadOffsetKey')}
            checked={settings.spreadOffset}
            onValue={() => onSetting({ type: 'spreadOffset.toggle' })}
          />
          <CheckField
            label={t('viewer.splitWide')}
            hint={t('viewer.splitWideHint')}
            checked={settings.splitWide}
            onValue={(value) => onSetting({ type: 'splitWide.set', value })}
          />
        </>
      ) : (
        <>
          <ColumnFields settings={settings} onSetting={onSetting} orientation="portrait" />
          <ColumnFields settings={settings} onSetting={onSetting} orientation="landscape" />
        </>
      )}
      <CheckField
        label={t('viewer.autoCrop')}
        checked={settings.autoCrop}
        onValue={(value) => onSetting({ type: 'autoCrop.set', value })}
      />
      <CheckField
        label={t('viewer.eink')}
        hint={t('viewer.einkHint')}
        checked={settings.eink}
        onValue={(value) => onSetting({ type: 'eink.set', value })}
      />
    </fieldset>
  );
}

function ColourFields({ settings: { filter }, onSetting }: Omit<Props, 'mode'>) {
  const { min, max } = FILTER_LIMITS;
  return (
    <fieldset className="viewer-options" data-testid="viewer-colours">
      <legend>{t('viewer.colours')}</legend>
      <RangeField
        label={t('viewer.brightness')}
        value={filter.brightness}
        text={t('viewer.percent', { n: filter.brightness })}
        min={min}
        max={max}
        step={5}
        onValue={(value) => onSetting({ type: 'brightness.set', value })}
      />
      <RangeField
        label={t('viewer.contrast')}
        value={filter.contrast}
        text={t('viewer.percent', { n: filter.contrast })}
        min={min}
        max={max}
        step={5}
        onValue={(value) => onSetting({ type: 'contrast.set', value })}
      />
      <CheckField
        label={t('viewer.grayscale')}
        checked={filter.grayscale}
        onValue={(value) => onSetting({ type: 'grayscale.set', value })}
      />
      <CheckField label={t('viewer.sepia')} checked={filter.sepia} onValue={(value) => onSetting({ type: 'sepia.set', value })} />
      <CheckField label={t('viewer.invert')} checked={filter.invert} onValue={(value) => onSetting({ type: 'invert.set', value })} />
      <button
        type="button"
        className="viewer-reset"
        disabled={isIdentityFilter(filter)}
        onClick={() => onSetting({ type: 'filter.reset' })}
      >
        {t('viewer.resetColours')}
      </button>
    </fieldset>
  );
}

/** The groups, for the settings modal. */
export function ReaderSettingsFields(p: Props) {
  return (
    <>
      <PageDisplayFields {...p} />
      <ColourFields settings={p.settings} onSetting={p.onSetting} />
      <ControlsFields />
    </>
  );
}
