import type { Banner } from '../../../core/console/schemas/home';
import { t } from '../../i18n';
import { period } from '../../ui/format';

/** One banner in its place's list: its image, when it shows, to whom, and its phase. */
export function BannerRow({ banner: b, onEdit }: { banner: Banner; onEdit: () => void }) {
  return (
    <div className="c-banner-row">
      <img className="c-banner-row__image" src={b.image} alt="" width={120} />
      <div>
        <p className="c-banner-row__title">
          {t('console.banners.name', { id: String(b.id) })}{' '}
          <span className={`c-tag c-phase--${b.phase}`}>{t(`console.phase.${b.phase}`)}</span>
        </p>
        <p className="c-meta">
          {period(b.startAt, b.endAt)} · {b.languages.length === 0 ? t('console.languages.all') : b.languages.join(', ')}
        </p>
      </div>
      <button
        type="button"
        className="c-button c-button--quiet"
        onClick={onEdit}
        aria-label={t('console.banners.editNamed', { id: String(b.id) })}
      >
        {t('console.common.edit')}
      </button>
    </div>
  );
}
