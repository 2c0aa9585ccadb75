import { useContext } from 'react';
import { useMachine } from '@xstate/react';
import { favoriteToggleMachine } from '../../../machines/favoriteToggleMachine';
import { t } from '../../i18n';
import { inspect } from '../../lib/inspector';
import { PushEnvContext } from '../../lib/push';
import { failureText, offerReleaseNotifications, subscribeTitle, unsubscribeTitle } from '../../lib/favorites';

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
  const push = useContext(PushEnvContext);
  const [state, send] = useMachine(
    favoriteToggleMachine.provide({
      actions: {
        subscribe: ({ self }) => {
          subscribeTitle(titleId, push).then(
            () => self.send({ type: 'favorite.done' }),
            (e: unknown) => self.send({ type: 'favorite.failed', message: failureText(e, t('title.favoriteFailed')) }),
          );
        },
        unsubscribe: ({ self }) => {
          unsubscribeTitle(titleId).then(
            () => self.send({ type: 'favorite.done' }),
            (e: unknown) => self.send({ type: 'favorite.failed', message: failureText(e, t('title.favoriteFailed')) }),
          );
        },
        // (The favorites list asks again each time it is opened.)
        markFavoritesStale: (_, { subscribed: saved }) => onChange?.(saved),
        // Only once the favorite is saved: the toggle has settled before any permission prompt.
        offerNotifications: () => offerReleaseNotifications(push),
      },
    }),
    { input: { subscribed }, inspect },
  );
  const busy = state.matches('subscribing') || state.matches('unsubscribing');
  const on = state.matches('subscribed') || state.matches('unsubscribing');
  return (
    <div className="favorite" data-state={String(state.value)}>
      <button
        type="button"
        className={`button favorite__button ${on ? 'favorite__button--on' : 'button--primary'}`}
        aria-pressed={on}
        aria-busy={busy}
        disabled={busy}
        onClick={() => send({ type: 'favorite.toggle' })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z"
          />
        </svg>
        {busy ? t('common.loading') : on ? t('title.favorited') : t('title.addFavorite')}
      </button>
      {state.context.error ? (
        <p className="favorite__error" role="alert">
          {state.context.error}
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => send({ type: 'error.dismiss' })}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
