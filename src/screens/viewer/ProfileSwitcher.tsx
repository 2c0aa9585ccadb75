/**
 * The viewer header's reading-profile button and its menu (src/features/readerSettings/ReaderProfiles.tsx holds
 * the machine): the button names the profile in use; the menu, a non-modal dialog under it, lists the
 * profiles to switch to in one tap and what can be done with them (ProfileMenu.tsx). Escape or the button
 * closes it and the focus goes back to the button; after a switch (which makes the stage again) the button
 * has the focus and a status line tells which profile is in use. While the menu is open the viewer's keys
 * stay out of it; opening it keeps the bars up (`onOpen`).
 */
import { useEffect, useRef } from 'react';
import { useReaderProfiles } from '../../features/readerSettings/ReaderProfiles';
import { t } from '../../i18n';
import { ProfileMenu } from './ProfileMenu';
import './profiles.css';

export function ProfileSwitcher({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const p = useReaderProfiles();
  const button = useRef<HTMLButtonElement>(null);
  const takeFocus = p?.takeFocus;
  const generation = p?.generation ?? 0;
  // After a switch (a new stage): the focus back on the button, and the bars kept up once the stage's session is there.
  const hold = useRef(false);
  useEffect(() => {
    if (!takeFocus?.(generation)) return;
    button.current?.focus();
    hold.current = true;
  }, [takeFocus, generation]);
  useEffect(() => {
    if (!hold.current || !onOpen) return;
    hold.current = false;
    onOpen();
  }, [onOpen]);
  if (!p) return null;
  const { state, send } = p;
  const c = state.context;
  const active = c.profiles.find((x) => x.id === c.active);
  const open = !state.matches('closed') && !state.matches('applied');
  const close = () => {
    send({ type: state.matches('open') || state.matches('failed') ? 'menu.close' : 'edit.cancel' });
    if (state.matches('open') || state.matches('failed')) button.current?.focus();
  };
  return (
    <div
      className="profiles"
      onKeyDown={(e) => {
        // The viewer's keys (Space turns pages) stay out of the menu, and out of the button's own activation.
        if (open || e.key === ' ' || e.key === 'Enter') e.stopPropagation();
        if (e.key === 'Escape' && open) close();
      }}
    >
      <button
        ref={button}
        type="button"
        className="viewer__icon profiles__button"
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="profile-button"
        onClick={() => {
          if (open) close();
          else {
            onOpen?.();
            send({ type: 'menu.open' });
          }
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M3 5h12v2H3zm14 0h4v2h-4zM3 11h4v2H3zm6 0h12v2H9zM3 17h10v2H3zm12 0h6v2h-6z" />
          <circle cx="16" cy="6" r="2" fill="currentColor" />
          <circle cx="8" cy="12" r="2" fill="currentColor" />
          <circle cx="14" cy="18" r="2" fill="currentColor" />
        </svg>
        {active ? (
          <>
            <span className="visually-hidden">{t('profiles.buttonPrefix')}</span>
            <span className="profiles__name">{active.name}</span>
          </>
        ) : (
          <span className="visually-hidden">{t('profiles.title')}</span>
        )}
      </button>
      <span role="status" className="visually-hidden" data-testid="profile-status">
        {state.matches('applied') && active ? t('profiles.applied', { name: active.name }) : ''}
      </span>
      {open && <ProfileMenu onClose={close} />}
    </div>
  );
}
