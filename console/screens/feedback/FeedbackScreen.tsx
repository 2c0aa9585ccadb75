import type { FeedbackItem } from '../../api/types';
import { t } from '../../i18n';
import { when } from '../../app/format';
import { useLoad } from '../../app/useLoad';
import { Problem } from '../../app/ui';

/** The feedback inbox (moderators): what readers sent, newest first. */
export default function FeedbackScreen() {
  const { data, error } = useLoad<{ items: FeedbackItem[] }>('/feedback');
  return (
    <>
      <h1>{t('console.area.feedback')}</h1>
      <Problem code={error} />
      {data && data.items.length === 0 ? <p>{t('console.feedback.none')}</p> : null}
      <ul className="c-list c-list--stacked">
        {data?.items.map((i) => (
          <li key={String(i.id)}>
            <p className="c-meta">
              {when(i.at)} {i.subject ? `· ${i.subject}` : null}
            </p>
            <p className="c-body">{i.body}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
