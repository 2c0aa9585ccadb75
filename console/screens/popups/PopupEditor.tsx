import { useEffect, useRef, useState } from 'react';
import type { NewPopup, Popup } from '../../../core/console/schemas/home';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { Field } from '../../ui/ui';
import { ActionFields } from '../../ui/edit/ActionFields';
import { ImageUpload } from '../../ui/edit/ImageUpload';
import { LanguagePicker } from '../../ui/edit/LanguagePicker';
import { PeriodFields, periodInvalid } from '../../ui/edit/PeriodFields';
import { EditorButtons, saveHeld } from '../../ui/edit/EditorButtons';
import { Refusal } from '../../ui/edit/Refusal';
import { StatusField } from '../../ui/edit/StatusField';
import { SeriesPicker } from '../../ui/pickers/TitlePicker';

const blank: NewPopup = {
  placement: 'home',
  kind: 'app_default',
  languages: [],
  subject: '',
  body: '',
  action: { method: 'push', url: '' },
  seriesId: 0,
  startAt: 0,
  endAt: null,
  status: 'draft',
};

const fieldsOf = (p: NewPopup): NewPopup => ({
  placement: p.placement,
  kind: p.kind,
  languages: p.languages,
  subject: p.subject,
  body: p.body,
  action: p.action,
  seriesId: p.seriesId,
  startAt: p.startAt,
  endAt: p.endAt,
  status: p.status,
});

type Set = (p: Partial<NewPopup>) => void;

/** Home or rating popup; a rating popup names its series. */
function PlacementFields({ form, set }: { form: NewPopup; set: Set }) {
  return (
    <>
      <fieldset className="c-choices c-choices--row">
        <legend>{t('console.popups.placementLegend')}</legend>
        {(['home', 'rating'] as const).map((p) => (
          <label key={p}>
            <input type="radio" name="placement" checked={form.placement === p} onChange={() => set({ placement: p })} />{' '}
            {t(`console.popups.placement.${p}`)}
          </label>
        ))}
      </fieldset>
      {form.placement === 'rating' ? (
        <SeriesPicker label={t('console.popups.series')} value={form.seriesId} onChange={(seriesId) => set({ seriesId })} />
      ) : null}
    </>
  );
}

/** The app's own popup with a subject and body, or one image. */
function KindFields({ form, set }: { form: NewPopup; set: Set }) {
  return (
    <>
      <fieldset className="c-choices c-choices--row">
        <legend>{t('console.popups.kindLegend')}</legend>
        {(['app_default', 'one_image'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="kind" checked={form.kind === k} onChange={() => set({ kind: k })} /> {t(`console.popups.kind.${k}`)}
          </label>
        ))}
      </fieldset>
      {form.kind === 'app_default' ? (
        <>
          <Field
            label={t('console.popups.subject')}
            maxLength={200}
            value={form.subject}
            onChange={(e) => set({ subject: e.target.value })}
          />
          <div className="c-field">
            <label htmlFor="popup-body">{t('console.popups.body')}</label>
            <textarea id="popup-body" rows={4} maxLength={2000} value={form.body} onChange={(e) => set({ body: e.target.value })} />
          </div>
        </>
      ) : null}
    </>
  );
}

/** One popup: where, which kind, its texts or image, its action, languages and period. */
export function PopupEditor({
  popup,
  onSaved,
  onDeleted,
  onClose,
}: {
  popup: Popup | null;
  onSaved: (p: Popup) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<NewPopup>(() => (popup ? fieldsOf(popup) : blank));
  const [refused, setRefused] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (p: Partial<NewPopup>) => setForm((f) => ({ ...f, ...p }));
  const period = { startAt: form.startAt || null, endAt: form.endAt };
  const bad = periodInvalid(period) || !period.startAt;
  const held = saveHeld({ invalid: bad, changed: !popup || JSON.stringify(fieldsOf(form)) !== JSON.stringify(fieldsOf(popup)) });
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="popup-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (held) return;
        const req = popup
          ? call('PATCH /popups/:id', { params: { id: popup.id }, body: { ...fieldsOf(form), version: popup.version } })
          : call('POST /popups', { body: fieldsOf(form) });
        req.then((p) => {
          setRefused(null);
          onSaved(p);
        }, setRefused);
      }}
    >
      <h2 id="popup-editor" ref={heading} tabIndex={-1}>
        {popup ? t('console.popups.editNamed', { id: String(popup.id) }) : t('console.popups.new')}
      </h2>
      <PlacementFields form={form} set={set} />
      <KindFields form={form} set={set} />
      <LanguagePicker value={form.languages} onChange={(languages) => set({ languages })} />
      <ActionFields value={form.action} onChange={(action) => set({ action })} />
      <PeriodFields value={period} onChange={(p) => set({ startAt: p.startAt ?? 0, endAt: p.endAt })} />
      <StatusField value={form.status} onChange={(status) => set({ status })} />
      <p className="c-field__hint">{t('console.popups.dontShowAgain')}</p>
      <Refusal error={refused} />
      <EditorButtons
        held={held}
        onDelete={
          popup
            ? () =>
                void call('DELETE /popups/:id', { params: { id: popup.id }, query: { version: popup.version } }).then(onDeleted, setRefused)
            : null
        }
        onClose={onClose}
      />
      {popup && form.kind === 'one_image' ? (
        <ImageUpload route="PUT /popups/:id/image" id={popup.id} image={popup.image} images={{}} onUploaded={onSaved} />
      ) : null}
    </form>
  );
}
