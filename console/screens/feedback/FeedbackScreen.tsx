import { useState } from 'react';
import type { InboxItem } from '../../../core/console/schemas/voice';
import { API_BASE } from '../../api/client';
import { addressOf, call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { Problem } from '../../ui/ui';
import { Refusal } from '../../ui/edit/Refusal';

/** The feedback inbox (moderators): what readers sent, newest first, read or unread, exported whole. */
export default function FeedbackScreen() {
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, error, reload } = useCall('GET /feedback', {
    query: { ...(onlyUnread ? { unread: true } : {}), ...(before === undefined ? {} : { before }) },
  });
  const [read, setRead] = useState<Record<number, boolean>>({});
  const [refused, setRefused] = useState<unknown>(null);
  const isRead = (i: InboxItem) => read[i.id] ?? i.read;
  // The count the server gave, moved by each mark made here since (read: one fewer unread; unread again: one more).
  const unread = data ? data.unread + data.items.reduce((n, i) => n + (isRead(i) ? 0 : 1) - (i.read ? 0 : 1), 0) : 0;
  const mark = (i: InboxItem, value: boolean) =>
    call('PATCH /feedback/:id', { params: { id: i.id }, body: { read: value } }).then((a) => {
      setRead((r) => ({ ...r, [i.id]: a.read }));
      setRefused(null);
    }, setRefused);
  return (
    <>
      <h1>{t('console.area.feedback')}</h1>
      <div className="c-row">
        {data ? <p role="status">{t('console.feedback.unread', { count: unread })}</p> : null}
        <label className="c-check">
          <input
            type="checkbox"
            checked={onlyUnread}
            onChange={(e) => {
              setOnlyUnread(e.target.checked);
              setBefore(undefined);
              setRead({});
            }}
          />{' '}
          {t('console.feedback.onlyUnread')}
        </label>
        <ExportLinks />
      </div>
      <Problem code={error} />
      <Refusal error={refused} />
      {data && data.items.length === 0 ? <p>{t('console.feedback.none')}</p> : null}
      <ul className="c-list c-list--stacked">
        {data?.items.map((i) => (
          <FeedbackItem key={String(i.id)} item={i} read={isRead(i)} onMark={() => void mark(i, !isRead(i))} />
        ))}
      </ul>
      <div className="c-row">
        {before !== undefined ? (
          <button
            type="button"
            className="c-button c-button--quiet"
            onClick={() => {
              setBefore(undefined);
              reload();
            }}
          >
            {t('console.feedback.newest')}
          </button>
        ) : null}
        {data?.next ? (
          <button type="button" className="c-button c-button--quiet" onClick={() => setBefore(data.next ?? undefined)}>
            {t('console.feedback.older')}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The whole inbox to download, as CSV or JSON lines. */
function ExportLinks() {
  return (
    <>
      <a className="c-button c-button--quiet" href={API_BASE + addressOf('GET /feedback/export', { query: { format: 'csv' } })} download>
        {t('console.feedback.csv')}
      </a>
      <a className="c-button c-button--quiet" href={API_BASE + addressOf('GET /feedback/export', { query: { format: 'jsonl' } })} download>
        {t('console.feedback.jsonl')}
      </a>
    </>
  );
}

/** One message: new or read, when, its type and subject, its text, and the mark read or unread. */
function FeedbackItem({ item, read, onMark }: { item: InboxItem; read: boolean; onMark: () => void }) {
  return (
    <li className={read ? 'c-feedback' : 'c-feedback c-feedback--unread'}>
      <p className="c-meta">
        {read ? null : <span className="c-tag">{t('console.feedback.new')}</span>} {when(item.at)} {item.type ? `· ${item.type}` : null}{' '}
        {item.subject ? `· ${item.subject}` : null}
      </p>
      <p className="c-body">{item.body}</p>
      <button type="button" className="c-button c-button--quiet" onClick={onMark}>
        {read ? t('console.feedback.markUnread') : t('console.feedback.markRead')}
      </button>
    </li>
  );
}
