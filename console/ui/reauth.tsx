import { useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { reauthMachine, type ReauthProblem } from '../../machines/console/reauthMachine';
import { inspect } from '../../web/inspector';
import { Modal } from '../../web/Modal';
import { problemCode } from '../api/client';
import { call } from '../api/call';
import { t } from '../i18n';
import { Field, Problem } from './ui';

export interface Reauth {
  /** Runs a sensitive action; asks the password again first when the server wants it. */
  run: (action: () => Promise<unknown>) => void;
  busy: boolean;
  /** The last action's failure code (not 'reauth-required'), or null. */
  failure: string | null;
  dialog: ReactNode;
}

/** The re-authentication machine around the screen's sensitive actions, and its dialog. */
export function useReauth(onDone: () => void): Reauth {
  // onDone is read once: screens pass a stable reload.
  const [snap, send] = useMachine(
    reauthMachine.provide({
      actions: {
        runAction: ({ self }, p) => {
          (p.action as () => Promise<unknown>)().then(
            () => self.send({ type: 'action.done' }),
            (e: unknown) =>
              problemCode(e) === 'reauth-required'
                ? self.send({ type: 'action.reauthRequired' })
                : self.send({ type: 'action.failed', code: problemCode(e) }),
          );
        },
        reauthenticate: ({ self }, p) => {
          call('POST /session/reauth', { body: { password: p.password } }).then(
            () => self.send({ type: 'reauth.done' }),
            (e: unknown) => {
              const code = problemCode(e);
              const problem: ReauthProblem =
                (['bad-credentials', 'throttled', 'account-throttled', 'locked'] as const).find((c) => c === code) ?? 'failed';
              self.send({ type: 'reauth.refused', problem });
            },
          );
        },
        actionDone: () => onDone(),
      },
    }),
    { inspect },
  );
  const [password, setPassword] = useState('');
  const open = snap.matches('asking') || snap.matches('confirming');
  const dialog = (
    <Modal
      open={open}
      onClose={() => send({ type: 'dialog.cancel' })}
      title={t('console.reauth.title')}
      closeLabel={t('console.common.close')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'password.submit', password });
          setPassword('');
        }}
      >
        <p>{t('console.reauth.why')}</p>
        <Field
          label={t('console.signIn.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Problem code={snap.context.problem} />
        <button type="submit" className="c-button" disabled={snap.matches('confirming')}>
          {t('console.reauth.confirm')}
        </button>
      </form>
    </Modal>
  );
  return {
    run: (action) => send({ type: 'action.start', action }),
    busy: !snap.matches('idle'),
    failure: snap.context.failure,
    dialog,
  };
}
