import { useState } from 'react';
import { Link } from 'wouter';
import type { Publisher } from '../../../core/console/schemas/publishers';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { plural, t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { Field, Notice, Problem } from '../../ui/ui';
import { PublisherImage } from './PublisherImages';
import './publishers.css';

/** A new publisher's name (editors). */
function NewPublisher({ onMade }: { onMade: (p: Publisher) => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="c-panel c-inline"
      aria-labelledby="new-publisher"
      onSubmit={(e) => {
        e.preventDefault();
        call('POST /publishers', { body: { name } }).then(
          (p) => {
            setName('');
            setProblem(null);
            onMade(p);
          },
          (err: unknown) => setProblem(problemCode(err)),
        );
      }}
    >
      <h2 id="new-publisher">{t('console.publishers.new')}</h2>
      <Field label={t('console.publishers.name')} required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
      <Problem code={problem} />
      <button type="submit" className="c-button">
        {t('console.publishers.create')}
      </button>
    </form>
  );
}

/** A publisher's news items (written in the news area). */
function PublisherNews({ id }: { id: number }) {
  const { data } = useCall('GET /news', { query: { publisher: id } });
  return (
    <div>
      <p>
        <Link href="/news">{t('console.publishers.news')}</Link>
      </p>
      {data?.news.length ? (
        <ul className="c-list">
          {data.news.slice(0, 5).map((n) => (
            <li key={n.id}>
              {n.subject} <span className="c-meta">{n.language}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One publisher: its name (renamed at the version read), logo, banner, series and news. */
function PublisherCard({ p, editor, onChanged }: { p: Publisher; editor: boolean; onChanged: (text: string) => void }) {
  const [name, setName] = useState(p.name);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className="c-panel c-publisher" aria-labelledby={`publisher-${p.id}`}>
      <h2 id={`publisher-${p.id}`}>{p.name}</h2>
      <p className="c-meta">{plural('console.publishers.series', p.seriesCount)}</p>
      {editor ? (
        <form
          className="c-inline"
          onSubmit={(e) => {
            e.preventDefault();
            call('PATCH /publishers/:id', { params: { id: p.id }, body: { name, version: p.version } }).then(
              () => onChanged(t('console.publishers.saved')),
              (err: unknown) => setProblem(problemCode(err)),
            );
          }}
        >
          <Field label={t('console.publishers.name')} required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="c-button" disabled={name.trim() === p.name}>
            {t('console.common.save')}
          </button>
        </form>
      ) : null}
      <Problem code={problem} />
      <div className="c-publisher__images">
        <PublisherImage publisher={p} kind="logo" editor={editor} onSaved={() => onChanged(t('console.publishers.saved'))} />
        <PublisherImage publisher={p} kind="banner" editor={editor} onSaved={() => onChanged(t('console.publishers.saved'))} />
      </div>
      <PublisherNews id={p.id} />
    </li>
  );
}

/** Publishers: every series has one, whose banner and news its title pages show. Editors make and change them. */
export default function PublishersScreen() {
  const member = useMember();
  const { data, error, reload } = useCall('GET /publishers', {});
  const [notice, setNotice] = useState<string | null>(null);
  const editor = reaches('POST /publishers', member.roles);
  const changed = (text: string) => {
    setNotice(text);
    reload();
  };
  return (
    <>
      <h1>{t('console.area.publishers')}</h1>
      <Problem code={error} />
      <Notice text={notice} />
      {editor ? <NewPublisher onMade={() => changed(t('console.publishers.saved'))} /> : null}
      <ul className="c-publishers">
        {data?.publishers.map((p) => (
          <PublisherCard key={`${p.id}-${p.version}`} p={p} editor={editor} onChanged={changed} />
        ))}
      </ul>
    </>
  );
}
