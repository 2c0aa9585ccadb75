import { useEffect, useId, type ReactNode } from 'react';
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
  usePopupListeners(popup.popupId, onClose);
  const follow = () => {
    if (onFollow) return onFollow();
    logPopupTap(popup.popupId);
    onClose();
  };
  const content = popupContent(popup.data, { id, follow, onClose });
  if (!content) return null;

  return (
    <div
      className="popup-backdrop"
      data-testid="popup-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className={`popup popup--${popup.data.case}`}
        role="dialog"
        aria-modal="true"
        data-popup-id={popup.popupId}
        {...(content.label ? { 'aria-labelledby': `${id}-t` } : { 'aria-label': t('common.popup') })}
      >
        <button type="button" className="icon-button popup__close" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
        {content.body}
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

/** Its impression is tracked once per popup; Escape closes it, like the close icon. */
function usePopupListeners(popupId: number, onClose: () => void): void {
  useEffect(() => {
    track('popup_impression', { popup_id: popupId });
  }, [popupId]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
}

type Data = Popup['data'];
interface Handlers {
  /** The subject's id is `${id}-t`. */
  id: string;
  follow: () => void;
  onClose: () => void;
}

/** The card's content by kind, and its subject where it has one (then the dialog's label); null for an unknown kind. */
function popupContent(d: Data, h: Handlers): { body: ReactNode; label?: string } | null {
  switch (d.case) {
    case 'oneImage':
      return {
        body: (
          <ActionLink action={d.value.action} className="popup__image-link" onFollow={h.follow} label={t('common.openPopup')}>
            <img src={d.value.imageUrl} alt="" className="popup__image" />
          </ActionLink>
        ),
      };
    case 'appDefault':
      return { body: <AppDefaultBody value={d.value} {...h} />, label: d.value.subject };
    case 'osDefault':
      return { body: <OsDefaultBody value={d.value} {...h} />, label: d.value.subject };
    case 'movieReward':
      return { body: <img src={d.value.imageUrl} alt="" className="popup__image" /> };
    default:
      return null;
  }
}

/** An editor's popup: image, subject, text and Open (or OK, for a notice with nowhere to go). */
function AppDefaultBody({ value, id, follow, onClose }: Handlers & { value: Extract<Data, { case: 'appDefault' }>['value'] }) {
  // A notice with nowhere to go (an editor's subject and text, no action) offers OK, not an Open that goes nowhere.
  const goes = !!actionHref(value.action).href;
  const image = value.imageUrl ? <img src={value.imageUrl} alt="" className="popup__image" /> : null;
  return (
    <>
      {image && goes ? (
        <ActionLink action={value.action} className="popup__image-link" onFollow={follow}>
          {image}
        </ActionLink>
      ) : (
        image
      )}
      <h2 id={`${id}-t`} className="popup__subject">
        {value.subject}
      </h2>
      <p className="popup__body">{value.body}</p>
      {goes ? (
        <ActionLink action={value.action} className="button button--primary" onFollow={follow}>
          {t('common.open')}
        </ActionLink>
      ) : (
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      )}
    </>
  );
}

/** A system-style dialog: subject, text and up to three buttons (ok, neutral, cancel), those without a URL closing it. */
function OsDefaultBody({ value, id, follow, onClose }: Handlers & { value: Extract<Data, { case: 'osDefault' }>['value'] }) {
  const buttons = [value.okButton, value.neutralButton, value.cancelButton].filter((b): b is Popup_Button => !!b && !!b.text);
  return (
    <>
      <h2 id={`${id}-t`} className="popup__subject">
        {value.subject}
      </h2>
      <p className="popup__body">{value.body}</p>
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
}
