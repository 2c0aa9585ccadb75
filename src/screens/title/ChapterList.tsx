import { Link } from 'wouter';
import { useMachine } from '@xstate/react';
import { chapterSortMachine } from '../../../machines/chapterSortMachine';
import type { Chapter } from '../../../core/gen/manga/v1/title_pb';
import { t, locale } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { abbreviateCount } from '../../lib/counts';
import { storeLink } from '../../ui/AppInstallBanner';
import { SaveForOffline } from '../downloads/SaveForOffline';

/** 000 §2, §9: a deadline shows only when the chapter ends within 7 days. */
const DEADLINE_WINDOW_S = 7 * 24 * 3600;

function deadlineOf(c: Chapter, now: number): number | null {
  const end = Number(c.endTimeStamp);
  return end > now && end - now <= DEADLINE_WINDOW_S ? end : null;
}

function shortDate(seconds: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

function ChapterRow({ c, now }: { c: Chapter; now: number }) {
  const deadline = deadlineOf(c, now);
  const future = Number(c.startTimeStamp) > now;
  return (
    <li className={`chapter${c.alreadyViewed ? ' chapter--viewed' : ''}`} data-chapter-id={c.chapterId}>
      <Link href={`/viewer/${c.chapterId}`} className="chapter__main" aria-disabled={future || undefined}>
        <img src={c.thumbnailUrl} alt="" width={96} height={64} loading="lazy" className="chapter__thumb" />
        <span className="chapter__text">
          <span className="chapter__name">
            {c.name}
            {c.alreadyViewed ? <span className="chapter__viewed">{t('title.viewed')}</span> : null}
          </span>
          <span className="chapter__sub">{c.subTitle}</span>
          <span className="chapter__date">{shortDate(Number(c.startTimeStamp))}</span>
          {deadline ? (
            <span className="chapter__deadline" data-testid="deadline">
              {t('title.deadline', {
                date: new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(deadline * 1000)),
              })}
            </span>
          ) : null}
        </span>
      </Link>
      <Link
        href={`/comments/${c.chapterId}`}
        className="chapter__comments"
        aria-label={`${abbreviateCount(c.commentCount, locale())}, ${t('title.commentsOf', { name: c.name, n: c.commentCount })}`}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M4 4h16v12H7l-3 3z" />
        </svg>
        {abbreviateCount(c.commentCount, locale())}
      </Link>
      {future ? null : <SaveForOffline chapterId={c.chapterId} name={c.name} compact />}
    </li>
  );
}

/** The app-download separator standing for the chapters only readable in the app. */
function Separator({ mid }: { mid: Chapter[] }) {
  const from = mid[0]?.name ?? '';
  const to = mid.at(-1)?.name ?? '';
  return (
    <li className="chapter-separator" data-testid="app-separator">
      <span>{t('title.inApp', { from, to, n: mid.length })}</span>
      <a className="button button--primary" href={storeLink()} target="_blank" rel="noopener noreferrer">
        {t('title.getApp')}
      </a>
    </li>
  );
}

/**
 * Earlier chapters, the middle ones behind the separator, then the newest
 * (000 §2). The sort toggle swaps the newer and older lists and reverses each.
 */
export function ChapterList({
  first,
  mid,
  last,
  descending,
  now,
}: {
  first: Chapter[];
  mid: Chapter[];
  last: Chapter[];
  descending: boolean;
  now: number;
}) {
  const [state, send] = useMachine(chapterSortMachine, { input: { descending }, inspect });
  const newestFirst = state.matches('newestFirst');
  const top = newestFirst ? [...last].reverse() : first;
  const bottom = newestFirst ? [...first].reverse() : last;
  const middle = newestFirst ? [...mid].reverse() : mid;
  return (
    <section className="chapters" aria-labelledby="chapters-title">
      <div className="chapters__head">
        <h2 id="chapters-title" className="section-title">
          {t('title.chapters')}
        </h2>
        <button
          type="button"
          className="chip"
          data-state={String(state.value)}
          onClick={() => send({ type: 'sort.toggle' })}
          aria-label={`${newestFirst ? t('title.newestFirst') : t('title.oldestFirst')}, ${t('title.sortToggle')}`}
        >
          {newestFirst ? t('title.newestFirst') : t('title.oldestFirst')} <span aria-hidden="true">⇅</span>
        </button>
      </div>
      <ol className="chapter-list">
        {top.map((c) => (
          <ChapterRow key={c.chapterId} c={c} now={now} />
        ))}
        {middle.length > 0 ? <Separator mid={middle} /> : null}
        {bottom.map((c) => (
          <ChapterRow key={c.chapterId} c={c} now={now} />
        ))}
      </ol>
    </section>
  );
}
