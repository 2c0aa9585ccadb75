import { useContext } from 'react';
import { useMachine } from '@xstate/react';
import { favoriteToggleMachine } from '../../../machines/favoriteToggleMachine';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { PushEnvContext } from '../push/push';
import { failureText, offerReleaseNotifications, subscribeTitle, unsubscribeTitle } from './favorites';

/**
 * favoriteToggleMachine with its effects, for every favorite button (title detail, the viewer's end
 * page): the calls, their failure text, and the release-notification offer once a favorite is saved
 * (the toggle has settled before any permission prompt). `onSaved` is where each button differs:
 * what else learns of the saved choice. Like every actor's implementations, the first render's are kept.
 */
export function useFavoriteToggle(titleId: number, subscribed: boolean, onSaved: (subscribed: boolean) => void) {
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
        markFavoritesStale: (_, { subscribed: saved }) => onSaved(saved),
        offerNotifications: () => offerReleaseNotifications(push),
      },
    }),
    { input: { subscribed }, inspect },
  );
  return {
    busy: state.matches('subscribing') || state.matches('unsubscribing'),
    on: state.matches('subscribed') || state.matches('unsubscribing'),
    error: state.context.error,
    /** The machine's state, as the markup's data-state. */
    value: String(state.value),
    toggle: () => send({ type: 'favorite.toggle' }),
    dismissError: () => send({ type: 'error.dismiss' }),
  };
}
