import { t } from '../../i18n';
import { useFavoriteToggle } from '../../features/favorites/useFavoriteToggle';

/** The favorite toggle (title detail, viewer last page), driven by favoriteToggleMachine. */
export function FavoriteToggle({
  titleId,
  subscribed,
  onChange,
}: {
  titleId: number;
  subscribed: boolean;
  onChange?: (subscribed: boolean) => void;
}) {
  // (The favorites list asks again each time it is opened.)
  const fav = useFavoriteToggle(titleId, subscribed, (saved) => onChange?.(saved));
  return (
    <div className="favorite" data-state={fav.value}>
      <button
        type="button"
        className={`button favorite__button ${fav.on ? 'favorite__button--on' : 'button--primary'}`}
        aria-pressed={fav.on}
        aria-busy={fav.busy}
        disabled={fav.busy}
        onClick={fav.toggle}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill={fav.on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z"
          />
        </svg>
        {fav.busy ? t('common.loading') : fav.on ? t('title.favorited') : t('title.addFavorite')}
      </button>
      {fav.error ? (
        <p className="favorite__error" role="alert">
          {fav.error}
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={fav.dismissError}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
