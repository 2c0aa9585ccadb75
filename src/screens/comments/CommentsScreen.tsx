import { useParams } from 'wouter';
import { useMachine } from '@xstate/react';
import { commentSortMachine } from '../../../machines/commentSortMachine';
import { commentLikeMachine } from '../../../machines/commentLikeMachine';
import type { Comment } from '../../../core/gen/manga/v1/comment_pb';
import { call } from '../../api/client';
import { useApi } from '../../api/useApi';
import { plural, t, locale } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { abbreviateCount } from '../../lib/counts';
import { shortDate, useBrowserLocale } from '../../lib/dates';
import { AppInstallBanner } from '../../ui/AppInstallBanner';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Loading } from '../../ui/Loading';
import NotFoundScreen from '../errors/NotFoundScreen';
import '../common.css';
import './comments.css';

/** Likes: most liked first (ties: newer first). Latest: newest first. */
function sortComments(list: readonly Comment[], by: 'likes' | 'latest'): Comment[] {
  const byDate = (a: Comment, b: Comment) => Number(b.created) - Number(a.created) || b.id - a.id;
  return [...list].sort(by === 'likes' ? (a, b) => b.numberOfLikes - a.numberOfLikes || byDate(a, b) : byDate);
}

function CommentItem({ c }: { c: Comment }) {
  const [state, send] = useMachine(
    commentLikeMachine.provide({
      actions: {
        sendLike: ({ self }) => {
          call('/comment_like', { method: 'PUT', query: { comment_id: c.id } }).then(
            () => self.send({ type: 'like.done' }),
            () => self.send({ type: 'like.failed' }),
          );
        },
        sendUnlike: ({ self }) => {
          call('/comment_like', { method: 'DELETE', query: { comment_id: c.id } }).then(
            () => self.send({ type: 'like.done' }),
            () => self.send({ type: 'like.failed' }),
          );
        },
      },
    }),
    { input: { liked: c.alreadyLiked, likes: c.numberOfLikes }, inspect },
  );
  const { liked, likes, error } = state.context;
  const busy = state.matches('liking') || state.matches('unliking');
  // 000 §2: a short date in the browser's locale; the like count in the interface's.
  const date = shortDate(Number(c.created), useBrowserLocale(locale()));
  return (
    <li className="comment" data-comment-id={c.id} data-state={String(state.value)}>
      <img className="comment__icon" src={c.iconUrl} alt="" width={44} height={44} loading="lazy" />
      <div className="comment__main">
        <div className="comment__head">
          <span className="comment__name">{c.userName}</span>
          <time className="comment__date" dateTime={new Date(Number(c.created) * 1000).toISOString()}>
            {date}
          </time>
        </div>
        <p className="comment__body">{c.body}</p>
        <button
          type="button"
          className={`comment__like${liked ? ' comment__like--on' : ''}`}
          aria-pressed={liked}
          aria-busy={busy}
          disabled={busy}
          aria-label={`${abbreviateCount(likes, locale())}, ${plural(liked ? 'comments.unlike' : 'comments.like', likes)}`}
          onClick={() => send({ type: 'like.toggle' })}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              fill={liked ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z"
            />
          </svg>
          <span className="comment__likes">{abbreviateCount(likes, locale())}</span>
        </button>
        {error ? (
          <span role="alert" className="favorite__error">
            {t('comments.likeFailed')}
          </span>
        ) : null}
      </div>
    </li>
  );
}

export default function CommentsScreen() {
  const { id } = useParams<{ id: string }>();
  const valid = /^\d+$/.test(id);
  const [sort, send] = useMachine(commentSortMachine, { inspect });
  const list = useApi('/comment', { query: { chapter_id: id }, enabled: valid }, (r) =>
    r.data.case === 'commentListView' ? r.data.value : undefined,
  );
  if (!valid) return <NotFoundScreen />;
  if (list.status !== 'ok') return <Loading />;
  const v = list.data;
  const info = v.titleDetailComment;
  const by = sort.matches('latest') ? 'latest' : 'likes';
  return (
    <main className="content comments-screen" data-screen="comments">
      <Breadcrumbs
        items={[
          { label: t('comments.mangaList'), href: '/manga_list/browser_a' },
          ...(info ? [{ label: info.titleName, href: `/titles/${info.titleId}` }] : []),
          { label: t('comments.heading', { chapter: info?.chapterName ?? '' }) },
        ]}
      />
      <h1>{t('comments.heading', { chapter: info?.chapterName ?? '' })}</h1>
      <AppInstallBanner />
      <div className="tabs" role="tablist" aria-label={t('comments.sort')}>
        <button type="button" role="tab" aria-selected={by === 'likes'} onClick={() => send({ type: 'sort.likes' })}>
          {t('comments.byLikes')}
        </button>
        <button type="button" role="tab" aria-selected={by === 'latest'} onClick={() => send({ type: 'sort.latest' })}>
          {t('comments.byLatest')}
        </button>
      </div>
      {v.comments.length === 0 ? (
        <p className="empty-state">{t('comments.none')}</p>
      ) : (
        <ol className="comment-list" data-sort={by}>
          {sortComments(v.comments, by).map((c) => (
            <CommentItem key={c.id} c={c} />
          ))}
        </ol>
      )}
    </main>
  );
}
