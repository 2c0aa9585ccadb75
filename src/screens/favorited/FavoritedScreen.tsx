import { Link } from 'wouter';
import { useMachine } from '@xstate/react';
import { bookmarkItemMachine } from '../../../machines/bookmarkItemMachine';
import type { Title } from '../../../core/gen/manga/v1/title_pb';
import { useApi } from '../../api/useApi';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { failureText, subscribeTitle, unsubscribeTitle } from '../../features/favorites/favorites';
import { AppInstallBanner } from '../../ui/AppInstallBanner';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import { TitleCard } from '../../ui/TitleCard';
import '../common.css';
import './favorited.css';

function FavoriteItem({ title }: { title: Title }) {
  const [state, send] = useMachine(
    bookmarkItemMachine.provide({
      actions: {
        unsubscribe: ({ self }) => {
          unsubscribeTitle(title.titleId).then(
            () => self.send({ type: 'bookmark.done' }),
            (e: unknown) => self.send({ type: 'bookmark.failed', message: failureText(e, t('favorited.failed')) }),
          );
        },
        resubscribe: ({ self }) => {
          subscribeTitle(title.titleId).then(
            () => self.send({ type: 'bookmark.done' }),
            (e: unknown) => self.send({ type: 'bookmark.failed', message: failureText(e, t('favorited.failed')) }),
          );
        },
        // (flagListRefresh: nothing to do, the list asks again each time it is opened; this screen
        // keeps the item in place so UNDO stays reachable.)
      },
    }),
    { inspect },
  );
  const removed = state.matches('removed') || state.matches('restoring');
  const busy = state.matches('removing') || state.matches('restoring');
  return (
    <li
      className={`favorite-item${removed ? ' favorite-item--removed' : ''}`}
      data-state={String(state.value)}
      data-title-id={title.titleId}
    >
      <TitleCard title={title} badge />
      <button
        type="button"
        className="button favorite-item__button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => send({ type: removed ? 'bookmark.undo' : 'bookmark.remove' })}
      >
        {busy ? t('common.loading') : removed ? t('favorited.undo') : t('favorited.remove')}
      </button>
      {state.context.error ? (
        <p role="alert" className="favorite__error">
          {state.context.error}
        </p>
      ) : null}
    </li>
  );
}

export default function FavoritedScreen() {
  // Opening the screen always fetches, so a list marked stale elsewhere is fresh here;
  // changes made on this screen keep their items in place (UNDO stays reachable).
  const list = useApi('/title_list/bookmark', {}, (r) => (r.data.case === 'favoriteTitlesView' ? r.data.value : undefined));
  return (
    <main className="content" data-screen="favorited">
      <Breadcrumbs items={[{ label: t('favorited.heading') }]} />
      <h1>{t('favorited.heading')}</h1>
      {list.status !== 'ok' ? (
        <Loading />
      ) : list.data.titles.length === 0 ? (
        <div className="empty-state" data-testid="empty-bookshelf">
          <img src="/images/bookshelf.svg" alt="" width={160} height={120} />
          <p>{t('favorited.empty')}</p>
          <Link href="/manga_list/ongoing" className="button button--primary">
            {t('favorited.browse')}
          </Link>
        </div>
      ) : (
        <>
          <AppInstallBanner requireNeverDismissed />
          <ul className="title-grid favorites-grid">
            {list.data.titles.map((title) => (
              <FavoriteItem key={title.titleId} title={title} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
