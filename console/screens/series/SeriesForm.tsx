import { useState } from 'react';
import type { SeriesCreate } from '../../../core/console/schemas/catalog';
import { LabelCodeSchema } from '../../../core/gen/manga/v1/common_pb';
import { t, tBuilt } from '../../i18n';
import { Field } from '../../ui/ui';
import { PublisherSelect } from './PublisherSelect';

export const NEW_SERIES: SeriesCreate = {
  slug: '',
  publisherId: 0,
  label: 0,
  status: 'ongoing',
  releaseSchedule: 2,
  updateTiming: 0,
  rating: 0,
  simulrelease: false,
  rightToLeft: true,
  viewerMode: 'any',
  tags: [],
};

// Wire numbers of the enums (proto/manga/v1/common.proto); their names are translated.
const RATINGS = [0, 1, 2, 3];
const TIMINGS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const SCHEDULES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const STATUSES = ['ongoing', 'completed', 'one_shot'] as const;
const MODES = ['any', 'vertical', 'horizontal'] as const;

export function Select<V extends string | number>(props: {
  id: string;
  label: string;
  value: V;
  options: readonly V[];
  text: (v: V) => string;
  onChange: (v: V) => void;
}) {
  return (
    <div className="c-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(props.options.find((o) => String(o) === e.target.value) ?? props.value)}
      >
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.text(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The fields a series and a new title share: release schedule, update timing, rating (ids `${idPrefix}-…`). */
export function PlanSelects({
  idPrefix,
  v,
  set,
}: {
  idPrefix: string;
  v: Pick<SeriesCreate, 'releaseSchedule' | 'updateTiming' | 'rating'>;
  set: <K extends 'releaseSchedule' | 'updateTiming' | 'rating'>(k: K) => (x: SeriesCreate[K]) => void;
}) {
  return (
    <>
      <Select
        id={`${idPrefix}-schedule`}
        label={t('console.series.schedule')}
        value={v.releaseSchedule}
        options={SCHEDULES}
        text={(x) => tBuilt(`console.schedule.${x}`)}
        onChange={set('releaseSchedule')}
      />
      <Select
        id={`${idPrefix}-timing`}
        label={t('console.series.timing')}
        value={v.updateTiming}
        options={TIMINGS}
        text={(x) => tBuilt(`console.timing.${x}`)}
        onChange={set('updateTiming')}
      />
      <Select
        id={`${idPrefix}-rating`}
        label={t('console.series.rating')}
        value={v.rating}
        options={RATINGS}
        text={(x) => tBuilt(`console.rating.${x}`)}
        onChange={set('rating')}
      />
    </>
  );
}

type Setter = <K extends keyof SeriesCreate>(k: K) => (x: SeriesCreate[K]) => void;

/** The tag list as typed: comma separated, trimmed, each once. */
function parseTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
}

/** The series' enumerated fields: label, status, schedule, timing, rating, viewer mode. */
function SeriesSelects({ v, set }: { v: SeriesCreate; set: Setter }) {
  return (
    <>
      <Select
        id="series-label"
        label={t('console.series.label')}
        value={v.label}
        options={LabelCodeSchema.values.map((x) => x.number)}
        text={(n) => LabelCodeSchema.values.find((x) => x.number === n)?.name ?? String(n)}
        onChange={set('label')}
      />
      <Select
        id="series-status"
        label={t('console.series.status')}
        value={v.status}
        options={STATUSES}
        text={(x) => t(`console.series.status.${x}`)}
        onChange={set('status')}
      />
      <PlanSelects idPrefix="series" v={v} set={set} />
      <Select
        id="series-mode"
        label={t('console.series.viewerMode')}
        value={v.viewerMode}
        options={MODES}
        text={(x) => t(`console.viewerMode.${x}`)}
        onChange={set('viewerMode')}
      />
    </>
  );
}

/** The two yes-or-no flags: simulrelease and right to left. */
function SeriesFlags({ v, set }: { v: SeriesCreate; set: Setter }) {
  return (
    <fieldset className="c-choices">
      <legend>{t('console.series.flags')}</legend>
      <label>
        <input type="checkbox" checked={v.simulrelease} onChange={(e) => set('simulrelease')(e.target.checked)} />
        {t('console.series.simulrelease')}
      </label>
      <label>
        <input type="checkbox" checked={v.rightToLeft} onChange={(e) => set('rightToLeft')(e.target.checked)} />
        {t('console.series.rightToLeft')}
      </label>
    </fieldset>
  );
}

function FormButtons({ onCancel }: { onCancel: (() => void) | undefined }) {
  return (
    <div className="c-row">
      <button type="submit" className="c-button">
        {t('console.common.save')}
      </button>
      {onCancel ? (
        <button type="button" className="c-button c-button--quiet" onClick={onCancel}>
          {t('console.common.cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** Every field of a series: label, tags, rating, schedule and timing, simulrelease, direction, viewer modes. */
export function SeriesForm({
  value,
  heading,
  onSave,
  onCancel,
  readOnly = false,
}: {
  value: SeriesCreate;
  heading: string;
  onSave: (v: SeriesCreate) => void;
  onCancel?: () => void;
  readOnly?: boolean;
}) {
  const [v, setV] = useState(value);
  const [tags, setTags] = useState(value.tags.join(', '));
  const set: Setter = (k) => (x) => setV({ ...v, [k]: x });
  return (
    <form
      className="c-panel"
      aria-label={heading}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...v, tags: parseTags(tags) });
      }}
    >
      <h2>{heading}</h2>
      <fieldset disabled={readOnly} className="c-series-form">
        <Field
          label={t('console.series.slug')}
          hint={t('console.series.slugHint')}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={v.slug}
          onChange={(e) => set('slug')(e.target.value)}
        />
        <PublisherSelect value={v.publisherId} onChange={set('publisherId')} />
        <SeriesSelects v={v} set={set} />
        <Field
          label={t('console.series.tags')}
          hint={t('console.series.tagsHint')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        <SeriesFlags v={v} set={set} />
        <FormButtons onCancel={onCancel} />
      </fieldset>
    </form>
  );
}
