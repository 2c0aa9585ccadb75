import { useMachine } from '@xstate/react';
import { historyMachine } from '../../../machines/historyMachine';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { failureText } from '../../features/favorites/favorites';
import { loadHistory, removeHistory } from './historyApi';

/** The reading history's actor (machines/historyMachine.ts) with the real calls: the home row and the history screen. */
export function useHistory() {
  return useMachine(
    historyMachine.provide({
      actions: {
        load: ({ self }) => {
          loadHistory().then(
            (entries) => self.send({ type: 'history.loaded', entries }),
            (e: unknown) => self.send({ type: 'history.failed', message: failureText(e, t('history.loadFailed')) }),
          );
        },
        remove: ({ self }, { titleId }) => {
          removeHistory(titleId).then(
            () => self.send({ type: 'history.removed' }),
            (e: unknown) => self.send({ type: 'history.failed', message: failureText(e, t('history.removeFailed')) }),
          );
        },
      },
    }),
    { inspect },
  );
}
