import { useEffect, useState } from 'react';
import type { AuditEntry, AuditQuery } from '../../../core/console/schemas/admin';
import { API_BASE, problemCode } from '../../api/client';
import { addressOf, call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { Field, Problem, TableWrap } from '../../ui/ui';
import { AuditChange } from './AuditChange';
import './audit.css';

interface Filters {
  member: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

/** A datetime-local value (the member's time zone) as seconds UTC. */
const seconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);

/** The query of the filters as filled in (an empty field asks nothing). */
const queryOf = (f: Filters): AuditQuery => ({
  ...(f.member ? { member: Number(f.member) } : {}),
  ...(f.action ? { action: f.action } : {}),
  ...(f.target ? { target: f.target } : {}),
  ...(f.from ? { from: seconds(f.from) } : {}),
  ...(f.to ? { to: seconds(f.to) } : {}),
});

/** The filters, the button that applies them, and the exports of what they ask. */
function AuditFilters({ f, setF, onShow }: { f: Filters; setF: (f: Filters) => void; onShow: () => void }) {
  const q = queryOf(f);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return (
    <form
      className="c-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onShow();
      }}
    >
      <Field label={t('console.audit.member')} value={f.member} onChange={set('member')} />
      <Field label={t('console.audit.action')} value={f.action} onChange={set('action')} />
      <Field label={t('console.audit.target')} value={f.target} onChange={set('target')} />
      <Field label={t('console.audit.from')} type="datetime-local" value={f.from} onChange={set('from')} />
      <Field label={t('console.audit.to')} type="datetime-local" value={f.to} onChange={set('to')} />
      <div className="c-row">
        <button type="submit" className="c-button">
          {t('console.audit.show')}
        </button>
        <a
          className="c-button c-button--quiet"
          href={API_BASE + addressOf('GET /audit/export', { query: { ...q, format: 'csv' } })}
          download
        >
          {t('console.audit.csv')}
        </a>
        <a
          className="c-button c-button--quiet"
          href={API_BASE + addressOf('GET /audit/export', { query: { ...q, format: 'jsonl' } })}
          download
        >
          {t('console.audit.jsonl')}
        </a>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableWrap label={t('console.area.audit')}>
      <table className="c-table">
        <caption className="c-visually-hidden">{t('console.area.audit')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.audit.at')}</th>
            <th scope="col">{t('console.audit.actor')}</th>
            <th scope="col">{t('console.audit.action')}</th>
            <th scope="col">{t('console.audit.target')}</th>
            <th scope="col">{t('console.audit.change')}</th>
            <th scope="col">{t('console.me.address')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{when(e.at)}</td>
              <td>{e.actor.name || t(`console.audit.actor.${e.actor.kind}`)}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.target}</td>
              <td className="c-change">
                <AuditChange before={e.before} after={e.after} />
              </td>
              <td>{e.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The audit log, filtered by member, action, target and time; exported as CSV or JSON lines. */
export default function AuditScreen() {
  const [f, setF] = useState<Filters>({ member: '', action: '', target: '', from: '', to: '' });
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const q = queryOf(f);
  const load = (before?: number) =>
    call('GET /audit', { query: before === undefined ? q : { ...q, before } }).then(
      (a) => {
        setEntries((old) => (before === undefined ? a.entries : [...old, ...a.entries]));
        setNext(a.next);
        setProblem(null);
      },
      (e: unknown) => setProblem(problemCode(e)),
    );
  // The latest entries at once; filters apply when the member asks.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening the screen
  useEffect(() => void load(), []);
  return (
    <>
      <h1>{t('console.area.audit')}</h1>
      <AuditFilters f={f} setF={setF} onShow={() => void load()} />
      <Problem code={problem} />
      <AuditTable entries={entries} />
      {next ? (
        <button type="button" className="c-button c-button--quiet" onClick={() => void load(next)}>
          {t('console.common.more')}
        </button>
      ) : null}
    </>
  );
}
