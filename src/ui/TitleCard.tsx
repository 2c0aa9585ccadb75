import { Link } from 'wouter';
import { TitleUpdateStatus } from '../../core/gen/manga/v1/common_pb';
import type { Title } from '../../core/gen/manga/v1/title_pb';
import { RankMark } from './Medal';
import './TitleCard.css';

/** The badge text of the documents: UP, NEW or RE-EDITION (not translated: it is a mark). */
function badgeText(status: TitleUpdateStatus): string | null {
  switch (status) {
    case TitleUpdateStatus.UP:
      return 'UP';
    case TitleUpdateStatus.NEW:
      return 'NEW';
    case TitleUpdateStatus.REEDITION:
      return 'RE-EDITION';
    default:
      return null;
  }
}

/**
 * One title: cover, name, author, an optional update badge and rank mark,
 * linking to /titles/{id}. Its cover loads lazily unless `eager` (fetched at once, with high priority).
 */
export function TitleCard({
  title,
  badge,
  rank,
  subtitle,
  eager,
}: {
  title: Title;
  badge?: boolean;
  rank?: number;
  subtitle?: string;
  eager?: boolean;
}) {
  const b = badge ? badgeText(title.titleUpdateStatus) : null;
  return (
    <Link href={`/titles/${title.titleId}`} className="title-card" data-title-id={title.titleId}>
      <span className="title-card__cover">
        <img
          src={title.portraitImageUrl}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          width={180}
          height={256}
        />
        {b || rank !== undefined ? (
          <span className="title-card__marks">
            {rank !== undefined ? <RankMark rank={rank} /> : null}
            {b ? <span className={`badge badge--${b.toLowerCase()}`}>{b}</span> : null}
          </span>
        ) : null}
      </span>
      <span className="title-card__name">{title.name}</span>
      <span className="title-card__author">{title.author}</span>
      {subtitle ? <span className="title-card__subtitle">{subtitle}</span> : null}
    </Link>
  );
}

/** A grid of title cards (lists, search, ranking rest). */
export function TitleGrid({ titles, testId }: { titles: readonly Title[]; testId?: string }) {
  return (
    <ul className="title-grid" data-testid={testId}>
      {titles.map((title) => (
        <li key={title.titleId} style={{ listStyle: 'none' }}>
          <TitleCard title={title} badge />
        </li>
      ))}
    </ul>
  );
}
