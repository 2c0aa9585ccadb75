import { t } from '../../i18n';
import { Loading } from '../../ui/Loading';
import { HistoryCard } from './HistoryCard';
import { useHistory } from './useHistory';
import './history.css';
import { BookmarkList } from '../../features/pageBookmarks/BookmarkList';
import { LinkDeviceEntry } from './LinkDeviceEntry';

/**
 * /history: every title the visitor read, most recent first, each with the
 * chapter and page where it was left; remove one, or clear all. Driven by
 * machines/historyMachine.ts (useHistory).
 */
export default function HistoryScreen() {
  const [state, send] = useHistory();
  const { entries, error, target } = state.context;
  const removing = state.matches('removing');
  return (
    <main className="content history" data-screen="history" data-state={String(state.value)}>
      <div className="history__head">
        <h1 className="section-title">{t('history.heading')}</h1>
        {entries.length > 0 ? (
          <button type="button" className="button" disabled={removing} onClick={() => send({ type: 'history.clear' })}>
            {removing && target === null ? t('common.loading') : t('history.clearAll')}
          </button>
        ) : null}
      </div>
      {state.matches('loading') ? <Loading /> : null}
      {state.matches('error') ? (
        <div className="history__error" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'history.retry' })}>
            {t('history.retry')}
          </button>
        </div>
      ) : null}
      {error && !state.matches('error') ? (
        <p className="history__error" role="alert">
          {error}
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => send({ type: 'error.dismiss' })}>
            ×
          </button>
        </p>
      ) : null}
      {!state.matches('loading') && !state.matches('error') && entries.length === 0 ? (
        <p className="history__empty">{t('history.empty')}</p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="history__list">
          {entries.map((e) => {
            const title = e.title!;
            return (
              <li key={title.titleId} className="history__entry">
                <HistoryCard entry={e} />
                <button
                  type="button"
                  className="button history__remove"
                  disabled={removing}
                  aria-label={t('history.removeNamed', { name: title.name })}
                  onClick={() => send({ type: 'history.remove', titleId: title.titleId })}
                >
                  {removing && target === title.titleId ? t('common.loading') : t('history.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {/* Every page bookmark, with a way to link another device */}
      <BookmarkList heading={t('sync.bookmarks')} />
      <LinkDeviceEntry />
    </main>
  );
}
