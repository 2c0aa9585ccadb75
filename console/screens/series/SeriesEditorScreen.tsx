import { useState } from 'react';
import { Link } from 'wouter';
import type { Series, SeriesCreate, TitleFull } from '../../../core/console/schemas/catalog';
import { call } from '../../api/call';
import { ConsoleProblem, problemCode } from '../../api/client';
import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { Notice, Problem } from '../../ui/ui';
import { SeriesForm } from './SeriesForm';
import { TitlesPanel } from './TitlesPanel';
import { AddTitle } from './AddTitle';
import { ImagesPanel } from './ImagesPanel';
import { ReadersPanel, savedNotice } from './ReadersPanel';
import { CatalogTrail, seriesName } from '../catalog/trail';
import './series.css';

const FIELDS = [
  'slug',
  'publisherId',
  'label',
  'status',
  'releaseSchedule',
  'updateTiming',
  'rating',
  'simulrelease',
  'rightToLeft',
  'viewerMode',
  'tags',
] as const;

const fieldsOf = (s: Series): SeriesCreate => Object.fromEntries(FIELDS.map((f) => [f, s[f]])) as unknown as SeriesCreate;

/** A series: its fields (editors), its titles per language side by side, their images, their chapters. */
export default function SeriesEditorScreen({ id }: { id: number }) {
  const member = useMember();
  const { data: series, error, reload } = useCall('GET /series/:id', { params: { id } });
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  if (!series) return <Problem code={error} />;
  const editor = reaches('PATCH /series/:id', member.roles);
  const save = (v: SeriesCreate) =>
    call('PATCH /series/:id', { params: { id }, body: { ...v, version: series.version } }).then(
      () => {
        setProblem(null);
        setChanged([]);
        setNotice(savedNotice(series));
        reload();
      },
      (e: unknown) => {
        setProblem(problemCode(e));
        const now = e instanceof ConsoleProblem ? (e.current as Series | null) : null;
        // What the other editor changed; the form keeps this editor's values until they reload.
        if (now)
          setChanged(FIELDS.filter((f) => JSON.stringify(now[f]) !== JSON.stringify(series[f])).map((f) => t(`console.series.${f}`)));
      },
    );
  const onTitle = () => {
    // A title added is a draft: readers see nothing of it yet.
    setNotice(savedNotice(series));
    reload();
  };
  const onAdded = () => {
    setNotice(t('console.titles.addedDraft'));
    reload();
  };
  const onReaders = (text: string | null) => {
    setNotice(text);
    reload();
  };
  return (
    <>
      <CatalogTrail items={[{ label: seriesName(series) }]} />
      <h1>{seriesName(series)}</h1>
      <Problem code={problem} />
      {changed.length ? (
        <div className="c-alert c-alert--info" role="alert">
          {t('console.conflict.fields', { fields: changed.join(', ') })}{' '}
          <button type="button" className="c-button c-button--quiet" onClick={reload}>
            {t('console.common.reload')}
          </button>
        </div>
      ) : null}
      <Notice text={notice} />
      <ReadersPanel series={series} editor={editor} onChanged={onReaders} />
      <SeriesForm
        key={series.version}
        value={fieldsOf(series)}
        heading={t('console.series.fields')}
        readOnly={!editor}
        onSave={(v) => void save(v)}
      />
      <TitlesPanel titles={series.titles} languages={member.languages} editor={editor} onSaved={onTitle} />
      {editor ? <AddTitle seriesId={id} taken={series.titles.map((x: TitleFull) => x.language)} onAdded={onAdded} /> : null}
      {editor ? <ImagesPanel titles={series.titles} onSaved={onTitle} /> : null}
      {editor ? (
        <section className="c-panel" aria-labelledby="series-chapters">
          <h2 id="series-chapters">{t('console.series.chapters')}</h2>
          <ul className="c-list">
            {series.titles.map((x) => (
              <li key={x.id}>
                <Link href={`/titles/${x.id}/chapters`}>{t('console.series.chaptersOf', { name: x.name, language: x.language })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
