import { useId } from 'react';
import type { Partial } from '../../../core/console/schemas/releaseGroups';
import { t } from '../../i18n';
import { ReleaseTimeFields, type ReleaseForm } from '../chapters/ScheduleForm';

/** What members still without pages do at the release time: hold the whole release, or let the ready languages go. */
export function PartialChoice({ value, disabled, onChoose }: { value: Partial; disabled: boolean; onChoose: (p: Partial) => void }) {
  const name = useId();
  return (
    <fieldset className="c-panel c-release-group__partial" disabled={disabled}>
      <legend>{t('console.releaseGroup.partial')}</legend>
      {(['block', 'split'] as const).map((p) => (
        <label key={p} className="c-release-group__choice">
          <input type="radio" name={name} value={p} checked={value === p} onChange={() => onChoose(p)} />
          {t(p === 'block' ? 'console.releaseGroup.partialBlock' : 'console.releaseGroup.partialSplit')}
        </label>
      ))}
    </fieldset>
  );
}

/** The group's one time in the editor's zone: schedule or move, release now, cancel. */
export function GroupScheduleForm({
  form,
  scheduled,
  disabled,
  onNow,
  onCancel,
}: {
  form: ReleaseForm;
  scheduled: boolean;
  disabled: boolean;
  onNow: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="c-panel"
      aria-labelledby="group-time"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <h2 id="group-time">{t('console.releaseGroup.time')}</h2>
      <ReleaseTimeFields form={form} idPrefix="group" />
      <div className="c-row">
        <button type="submit" className="c-button" disabled={disabled}>
          {t(scheduled ? 'console.release.move' : 'console.release.schedule')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={disabled} onClick={onNow}>
          {t('console.release.now')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={disabled} onClick={onCancel}>
          {t('console.releaseGroup.cancel')}
        </button>
      </div>
    </form>
  );
}
