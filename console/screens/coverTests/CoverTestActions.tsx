import { useState } from 'react';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog';
import { MAX_VARIANTS } from '../../../core/console/coverTests';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { variantName } from './Figures';

/** A draft's actions: add a variant image (up to three in all), start for some days, discard. */
export function DraftActions(p: {
  variants: number;
  disabled: boolean;
  onAdd: (file: File) => void;
  onStart: (days: number) => void;
  onDiscard: () => void;
}) {
  const [days, setDays] = useState(14);
  const [tooBig, setTooBig] = useState<string | null>(null);
  return (
    <section className="c-panel" aria-labelledby="cover-draft">
      <h2 id="cover-draft">{t('console.coverTest.prepare')}</h2>
      {p.variants >= MAX_VARIANTS ? <p className="c-meta">{t('console.coverTest.full')}</p> : null}
      <label className="c-button c-button--quiet c-cover-test__add">
        {t('console.coverTest.addVariant')}
        <input
          className="c-visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          disabled={p.disabled}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            // The server checks again; this only spares a long upload that would be refused.
            if (f.size === 0 || f.size > UPLOAD_LIMITS.maxImageBytes) return setTooBig(f.size === 0 ? 'empty-file' : 'image-too-large');
            setTooBig(null);
            p.onAdd(f);
          }}
        />
      </label>
      <Problem code={tooBig} />
      <div className="c-field">
        <label htmlFor="cover-days">{t('console.coverTest.days')}</label>
        <input
          id="cover-days"
          type="number"
          min={1}
          max={28}
          value={days}
          onChange={(e) => setDays(Math.max(1, Math.min(28, Number(e.target.value) || 1)))}
        />
      </div>
      <div className="c-actions">
        <button type="button" className="c-button" disabled={p.disabled} onClick={() => p.onStart(days)}>
          {t('console.coverTest.start')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={p.disabled} onClick={p.onDiscard}>
          {t('console.coverTest.discard')}
        </button>
      </div>
    </section>
  );
}

/** A running test's actions: pick the winner (it becomes the title's image everywhere), or discard it. */
export function RunningActions(p: {
  banner: boolean;
  variants: number;
  disabled: boolean;
  onPick: (winner: number) => void;
  onDiscard: () => void;
}) {
  return (
    <section className="c-panel" aria-labelledby="cover-end">
      <h2 id="cover-end">{t('console.coverTest.endHeading')}</h2>
      <p className="c-field__hint">{t(p.banner ? 'console.coverTest.endHintBanner' : 'console.coverTest.endHint')}</p>
      <div className="c-actions">
        {Array.from({ length: p.variants }, (_, i) => (
          <button key={i} type="button" className="c-button" disabled={p.disabled} onClick={() => p.onPick(i)}>
            {t('console.coverTest.pick', { variant: variantName(i) })}
          </button>
        ))}
        <button type="button" className="c-button c-button--quiet" disabled={p.disabled} onClick={p.onDiscard}>
          {t('console.coverTest.discard')}
        </button>
      </div>
    </section>
  );
}
