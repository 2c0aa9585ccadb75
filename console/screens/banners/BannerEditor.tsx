import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Banner, NewBanner, Placement } from '../../../core/console/schemas/home';
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
import { TitlePicker } from '../../ui/pickers/TitlePicker';

const blank = (placement: Placement): NewBanner => ({
  placement,
  titleId: 0,
  publisherId: 0,
  languages: [],
  action: { method: 'push', url: '' },
  isPr: false,
  startAt: 0,
  endAt: null,
  status: 'draft',
});

const fieldsOf = (form: NewBanner): NewBanner => ({
  placement: form.placement,
  titleId: form.titleId,
  publisherId: form.publisherId,
  languages: form.languages,
  action: form.action,
  isPr: form.isPr,
  startAt: form.startAt,
  endAt: form.endAt,
  status: form.status,
});

type Set = (p: Partial<NewBanner>) => void;

/** The title or publisher a banner of those placements belongs to. */
function OwnerField({ form, set }: { form: NewBanner; set: Set }) {
  return (
    <>
      {form.placement === 'title' ? (
        <TitlePicker label={t('console.banners.onTitle')} value={form.titleId} onChange={(titleId) => set({ titleId })} />
      ) : null}
      {form.placement === 'publisher' ? (
        <Field
          label={t('console.banners.publisherId')}
          inputMode="numeric"
          value={String(form.publisherId)}
          onChange={(e) => set({ publisherId: Number(e.target.value) || 0 })}
        />
      ) : null}
    </>
  );
}

/** One banner's fields; once it exists, its images per language. */
export function BannerEditor({
  banner,
  placement,
  onSaved,
  onDeleted,
  onClose,
}: {
  banner: Banner | null;
  placement: Placement;
  onSaved: (b: Banner) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<NewBanner>(() => (banner ? { ...banner } : blank(placement)));
  const [refused, setRefused] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const period = { startAt: form.startAt || null, endAt: form.endAt };
  const set = (p: Partial<NewBanner>) => setForm((f) => ({ ...f, ...p }));
  const bad = periodInvalid(period) || !period.startAt;
  const held = saveHeld({ invalid: bad, changed: !banner || JSON.stringify(fieldsOf(form)) !== JSON.stringify(fieldsOf(banner)) });
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="banner-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (held) return;
        const fields = fieldsOf(form);
        const req = banner
          ? call('PATCH /banners/:id', { params: { id: banner.id }, body: { ...fields, version: banner.version } })
          : call('POST /banners', { body: fields });
        req.then(
          (b) => {
            setRefused(null);
            onSaved(b);
          },
          (err: unknown) => setRefused(err),
        );
      }}
    >
      <h2 id="banner-editor" ref={heading} tabIndex={-1}>
        {banner ? t('console.banners.editNamed', { id: String(banner.id) }) : t('console.banners.new')}
      </h2>
      <p className="c-meta">{t(`console.placement.${form.placement}`)}</p>
      <OwnerField form={form} set={set} />
      <LanguagePicker value={form.languages} onChange={(languages) => set({ languages })} />
      <ActionFields value={form.action} onChange={(action) => set({ action })} />
      <PeriodFields value={period} onChange={(p) => set({ startAt: p.startAt ?? 0, endAt: p.endAt })} />
      <label className="c-check">
        <input type="checkbox" checked={form.isPr} onChange={(e) => set({ isPr: e.target.checked })} /> {t('console.banners.isPr')}
      </label>
      <StatusField value={form.status} onChange={(status) => set({ status })} />
      <Refusal error={refused} />
      <EditorButtons
        held={held}
        onDelete={
          banner
            ? () =>
                void call('DELETE /banners/:id', { params: { id: banner.id }, query: { version: banner.version } }).then(
                  onDeleted,
                  setRefused,
                )
            : null
        }
        onClose={onClose}
      />
      {banner ? (
        <ImageUpload route="PUT /banners/:id/image" id={banner.id} image={banner.image} images={banner.images} onUploaded={onSaved} />
      ) : null}
      {banner?.placement === 'home_top' ? (
        <p>
          <Link href={`/cover-tests?banner=${banner.id}`}>{t('console.banners.testImage')}</Link>
        </p>
      ) : null}
    </form>
  );
}
