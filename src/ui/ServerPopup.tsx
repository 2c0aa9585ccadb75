import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { popupMachine } from '../../machines/popupMachine';
import type { Popup } from '../../core/gen/manga/v1/common_pb';
import { inspect } from '../../web/inspector';
import { saveRatingChecked, saveViewedPopup, storedRatingChecked, storedViewedPopups } from '../lib/storage';
import { logPopupTap } from '../api/tapLog';
import { PopupCard } from './PopupCard';

/**
 * A server popup driven by the popup machine.
 * kind "home": shown once per popup id (the viewed list).
 * kind "rating": shown until "Don't show again" is ticked (rating_checked_{id}).
 * The home screen places <ServerPopup kind="home" popup={view.popup} />,
 * the title screen <ServerPopup kind="rating" popup={detail.ratingPopup} />.
 */
export function ServerPopup({ popup, kind }: { popup: Popup | undefined; kind: 'home' | 'rating' }) {
  if (!popup || popup.data.case === undefined) return null;
  return <ServerPopupInner key={`${kind}-${popup.popupId}`} popup={popup} kind={kind} />;
}

function ServerPopupInner({ popup, kind }: { popup: Popup; kind: 'home' | 'rating' }) {
  const id = popup.popupId;
  const [state, send] = useMachine(
    popupMachine.provide({
      actions: {
        recordViewed: (_, p) => {
          if (kind === 'home') saveViewedPopup(p.popupId);
        },
        saveDontShowAgain: (_, p) => saveRatingChecked(p.popupId, p.checked),
        logTap: (_, p) => logPopupTap(p.popupId),
      },
    }),
    { input: { popupId: id, seen: kind === 'home' ? storedViewedPopups().includes(id) : storedRatingChecked(id) }, inspect },
  );
  useEffect(() => {
    send({ type: 'popup.mounted' });
  }, [send]);
  if (!state.matches('shown')) return null;
  return (
    <PopupCard
      popup={popup}
      onClose={() => send({ type: 'popup.close' })}
      onFollow={() => send({ type: 'popup.follow' })}
      dontShowAgain={
        kind === 'rating'
          ? { checked: state.context.dontShowAgain, onChange: (v) => send({ type: 'popup.dontShowAgain', checked: v }) }
          : undefined
      }
    />
  );
}
