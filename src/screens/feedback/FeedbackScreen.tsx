import { useMachine } from '@xstate/react';
import { canSend, feedbackMachine, MESSAGE_MAX, type FeedbackType } from '../../../machines/feedbackMachine';
import { call } from '../../api/client';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { SITE } from '../../lib/siteLinks';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Modal } from '../../ui/Modal';
import '../questionnaire/questionnaire.css';
import '../static/static.css';

const TYPES: FeedbackType[] = ['report', 'suggestion'];

/**
 * /feedback (000 §2, 001 §2): the page notes that feedback has moved to the
 * portal and links to it; until then the form (type and message) still
 * sends to POST /api/web/contact (subject and body in the query, 001 §7),
 * then shows the success copy. The notice says the form still works, so
 * the page never claims the form is gone and then takes a message. A failure raises the
 * alert "Error! Please wait a moment" (001 §8) as the app's alert dialog.
 */
export default function FeedbackScreen() {
  const [state, send] = useFeedbackMachine();
  return (
    <main className="static-page" data-screen="feedback" data-state={String(state.value)}>
      <Breadcrumbs items={[{ label: t('static.feedbackTitle') }]} />
      <h1>{t('static.feedbackTitle')}</h1>
      <p className="notice">{t('static.feedbackMoved')}</p>
      <p>
        <a className="button button--primary" href={SITE.feedbackPortal} target="_blank" rel="noopener noreferrer">
          {t('static.feedbackPortal')}
        </a>
      </p>
      {state.matches('submitted') ? (
        <p role="status" className="feedback__done">
          {t('static.feedbackSent')}
        </p>
      ) : (
        <FeedbackForm state={state} send={send} />
      )}
    </main>
  );
}

/** The form's machine, sending to POST /api/web/contact. */
function useFeedbackMachine() {
  return useMachine(
    feedbackMachine.provide({
      actions: {
        send: ({ self }, p) => {
          call('/web/contact', {
            method: 'POST',
            // 001 §7: the call takes subject and body as query parameters.
            query: { type: p.type, subject: t(`static.feedback_${p.type}`), body: p.message },
          }).then(
            () => self.send({ type: 'send.done' }),
            () => self.send({ type: 'send.failed' }),
          );
        },
      },
    }),
    { inspect },
  );
}

type Machine = ReturnType<typeof useFeedbackMachine>;

/** The type and the message, the failure's alert dialog and the send button. */
function FeedbackForm({ state, send }: { state: Machine[0]; send: Machine[1] }) {
  const c = state.context;
  const busy = state.matches('sending');
  return (
    <form
      className="feedback-form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.send' });
      }}
    >
      <fieldset className="survey__question">
        <legend>{t('static.feedbackType')}</legend>
        {TYPES.map((k) => (
          <label key={k} className="survey__option">
            <input type="radio" name="type" checked={c.type === k} onChange={() => send({ type: 'type.set', value: k })} />
            <span>{t(`static.feedback_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="feedback-form__message">
        <span>{t('static.feedbackMessage')}</span>
        <textarea
          rows={6}
          maxLength={MESSAGE_MAX}
          value={c.message}
          onChange={(e) => send({ type: 'message.change', value: e.target.value })}
        />
        <span className="survey__hint">
          {[...c.message].length} / {MESSAGE_MAX}
        </span>
      </label>
      <Modal
        open={c.failed}
        role="alertdialog"
        className="alert-dialog"
        title={t('static.feedbackFailed')}
        onClose={() => send({ type: 'failure.dismiss' })}
      >
        <button type="button" className="button button--primary" onClick={() => send({ type: 'failure.dismiss' })}>
          {t('common.ok')}
        </button>
      </Modal>
      <button type="submit" className="button button--primary" disabled={!canSend(c) || busy} aria-busy={busy}>
        {busy ? t('common.loading') : t('static.feedbackSend')}
      </button>
    </form>
  );
}
