import { useEffect, useId } from 'react';
import type { Popup, Popup_Button } from '../../core/gen/manga/v1/common_pb';
import { t } from '../i18n';
import { track } from '../analytics';
import { logPopupTap } from '../api/tapLog';
import { actionHref } from '../lib/links';
import { ActionLink } from './ActionLink';
import { CloseIcon } from '../../web/CloseIcon';
import './PopupCard.css';

/**
 * One server popup (000 §2 Popups): one_image, app_default or os_default
 * (movie_reward shows its image). A click outside the card or on the close
 * icon calls onClose; following the action logs the tap, closes and goes.
 * With dontShowAgain it shows the "Don't show again" checkbox.
 */
export function PopupCard({
  popup,
  onClose,
  dontShowAgain,
  onFollow,
}: {
  popup: Popup;
  onClose: () => void;
  dontShowAgain?: { checked: boolean; onChange: (v: boolean) => void } | undefined;
  /** Replaces the default (log the tap, then onClose) when the action is followed. */
  onFollow?: (() => void) | undefined;
}) {
  const id = useId();
  useEffect(() => {
    track('popup_impression', { popup_id: popup.popupId });
  }, [popup.popupId]);
  // Escape closes it, like the close icon.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const follow = () => {
    if (onFollow) return onFollow();
    logPopupTap(popup.popupId);
    onClose();
  };

  const d = popup.data;
  let body;
  let label: string | undefined;
  if (d.case === 'oneImage') {
    body = (
      <ActionLink action={d.value.action} className="popup__image-link" onFollow={follow} label={t('common.openPopup')}>
        <img src={d.value.imageUrl} alt="" className="popup__image" />
      </ActionLink>
    );
  } else if (d.case === 'appDefault') {
    label = d.value.subject;
    // A notice with nowhere to go (an editor's subject and text, no action) offers OK, not an Open that goes nowhere.
    const goes = !!actionHref(d.value.action).href;
    const image = d.value.imageUrl ? <img src={d.value.imageUrl} alt="" className="popup__image" /> : null;
    body = (
      <>
        {image && goes ? (
          <ActionLink action={d.value.action} className="popup__image-link" onFollow={follow}>
            {image}
          </ActionLink>
        ) : (
          image
        )}
        <h2 id={`${id}-t`} className="popup__subject">
          {d.value.subject}
        </h2>
        <p className="popup__body">{d.value.body}</p>
        {goes ? (
          <ActionLink action={d.value.action} className="button button--primary" onFollow={follow}>
            {t('common.open')}
          </ActionLink>
        ) : (
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.ok')}
          </button>
        )}
      </>
    );
  } else if (d.case === 'osDefault') {
    label = d.value.subject;
    const buttons = [d.value.okButton, d.value.neutralButton, d.value.cancelButton].filter((b): b is Popup_Button => !!b && !!b.text);
    body = (
      <>
        <h2 id={`${id}-t`} className="popup__subject">
          {d.value.subject}
        </h2>
        <p className="popup__body">{d.value.body}</p>
        <div className="popup__buttons">
          {buttons.map((b, i) =>
            b.action?.url ? (
              <ActionLink key={i} action={b.action} className={`button ${i === 0 ? 'button--primary' : ''}`} onFollow={follow}>
                {b.text}
              </ActionLink>
            ) : (
              <button key={i} type="button" className="button" onClick={onClose}>
                {b.text}
              </button>
            ),
          )}
        </div>
      </>
    );
  } else if (d.case === 'movieReward') {
    body = <img src={d.value.imageUrl} alt="" className="popup__image" />;
  } else {
    return null;
  }

  return (
    <div
      className="popup-backdrop"
      data-testid="popup-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className={`popup popup--${d.case}`}
        role="dialog"
        aria-modal="true"
        data-popup-id={popup.popupId}
        {...(label ? { 'aria-labelledby': `${id}-t` } : { 'aria-label': t('common.popup') })}
      >
        <button type="button" className="icon-button popup__close" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
        {body}
        {dontShowAgain ? (
          <label className="popup__dont-show">
            <input type="checkbox" checked={dontShowAgain.checked} onChange={(e) => dontShowAgain.onChange(e.target.checked)} />
            {t('common.dontShowAgain')}
          </label>
        ) : null}
      </div>
    </div>
  );
}
