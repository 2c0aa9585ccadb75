import { Link } from 'wouter';
import { t } from '../../i18n';
import { ScrollRow } from '../home/ScrollRow';
import { HistoryCard } from './HistoryCard';
import { useHistory } from './useHistory';

/** Titles the home's row shows at most (the history screen has them all). */
const ROW_MAX = 10;

/**
 * The home's "Continue reading" row: the titles the visitor read last, each
 * opening its chapter where it was left. Nothing while it loads, when the
 * history is empty or could not be loaded (the home stands without it).
 */
export function ContinueReading() {
  const [state] = useHistory();
  const entries = state.context.entries;
  if (!state.matches('shown') || entries.length === 0) return null;
  const name = t('history.continueReading');
  return (
    <section className="home-group continue-reading" aria-labelledby="continue-reading-title" data-state={String(state.value)}>
      <h2 className="section-title continue-reading__heading" id="continue-reading-title">
        <span>{name}</span>
        <Link href="/history" className="continue-reading__all">
          {t('history.seeAll')}
        </Link>
      </h2>
      <ScrollRow label={name}>
        {entries.slice(0, ROW_MAX).map((e) => (
          <div className="continue-reading__item" key={e.title!.titleId}>
            <HistoryCard entry={e} />
          </div>
        ))}
      </ScrollRow>
    </section>
  );
}
