import { Link } from 'wouter';
import type { HistoryEntry } from '../../../core/gen/manga/v1/home_pb';
import { t } from '../../i18n';
import './history.css';

/** The chapter's label: its number and subtitle. */
function chapterLabel(e: HistoryEntry): string {
  const c = e.chapter;
  if (!c) return '';
  return c.subTitle ? `${c.name} · ${c.subTitle}` : c.name;
}

/** Where the reader was in one title: cover, title, chapter, page; opens the chapter where it was left. */
export function HistoryCard({ entry }: { entry: HistoryEntry }) {
  const title = entry.title!;
  const chapter = entry.chapter!;
  return (
    <Link href={`/viewer/${chapter.chapterId}`} className="history-card" data-title-id={title.titleId} data-chapter-id={chapter.chapterId}>
      <img className="history-card__cover" src={title.portraitImageUrl} alt="" width={72} height={102} loading="lazy" />
      <span className="history-card__text">
        <span className="history-card__title">{title.name}</span>
        <span className="history-card__chapter">{chapterLabel(entry)}</span>
        <span className="history-card__page">{t('history.page', { page: entry.page, count: entry.pageCount })}</span>
      </span>
    </Link>
  );
}
