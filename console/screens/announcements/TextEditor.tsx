import { useEffect, useRef, useState } from 'react';
import type { NewAnnouncement, NewNews } from '../../../core/console/schemas/home';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { Field } from '../../ui/ui';
import { LanguageSelect } from '../../ui/edit/LanguagePicker';
import { MomentField } from '../../ui/edit/MomentField';
import { Refusal } from '../../ui/edit/Refusal';
import { RichText, StoredHtml } from '../../ui/edit/RichText';
import { StatusField } from '../../ui/edit/StatusField';
import { announcementBody, formOf, newsBody, type TextItem, type TextKind } from './texts';

/** Writes a news item: a new one, or a change at the version read. */
const saveNews = (item: TextItem | null, body: NewNews) =>
  item ? call('PATCH /news/:id', { params: { id: item.id }, body: { ...body, version: item.version } }) : call('POST /news', { body });

/** Writes an announcement: a new one, or a change at the version read. */
const saveAnnouncement = (item: TextItem | null, body: NewAnnouncement) =>
  item
    ? call('PATCH /announcements/:id', { params: { id: item.id }, body: { ...body, version: item.version } })
    : call('POST /announcements', { body });

/** Deletes a news item or an announcement at the version read. */
const remove = (kind: TextKind, item: TextItem) => {
  const args = { params: { id: item.id }, query: { version: item.version } };
  return kind === 'news' ? call('DELETE /news/:id', args) : call('DELETE /announcements/:id', args);
};

/** One announcement or news item: heading, rich text, publication time; after a save, the HTML as the server stored it. */
export function TextEditor({
  kind,
  item,
  language,
  publisherId,
  onSaved,
  onDeleted,
  onClose,
}: {
  kind: TextKind;
  item: TextItem | null;
  language: string;
  publisherId: number;
  onSaved: (x: TextItem) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => formOf(item, language, publisherId));
  const [refused, setRefused] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = (p: Partial<typeof form>) => setForm((f) => ({ ...f, ...p }));
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="text-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (form.publishAt === null) return;
        const req: Promise<TextItem> = kind === 'news' ? saveNews(item, newsBody(form)) : saveAnnouncement(item, announcementBody(form));
        req.then((x) => {
          setRefused(null);
          onSaved(x);
        }, setRefused);
      }}
    >
      <h2 id="text-editor" ref={heading} tabIndex={-1}>
        {item ? t('console.texts.editNamed', { name: form.heading }) : t(`console.texts.new.${kind}`)}
      </h2>
      <LanguageSelect value={form.language} onChange={(l) => set({ language: l })} label={t('console.texts.language')} />
      <Field
        label={t(`console.texts.heading.${kind}`)}
        required
        maxLength={200}
        value={form.heading}
        onChange={(e) => set({ heading: e.target.value })}
      />
      <RichText label={t('console.texts.body')} value={form.body} onChange={(body) => set({ body })} />
      {kind === 'news' ? (
        <Field label={t('console.texts.actionUrl')} value={form.actionUrl} onChange={(e) => set({ actionUrl: e.target.value })} />
      ) : null}
      <MomentField label={t('console.texts.publishAtLabel')} required value={form.publishAt} onChange={(publishAt) => set({ publishAt })} />
      <StatusField value={form.status} onChange={(status) => set({ status })} />
      <Refusal error={refused} />
      <div className="c-row">
        <button type="submit" className="c-button" disabled={form.publishAt === null}>
          {t('console.common.save')}
        </button>
        {item ? (
          <button type="button" className="c-button c-button--quiet" onClick={() => remove(kind, item).then(onDeleted, setRefused)}>
            {t('console.common.delete')}
          </button>
        ) : null}
        <button type="button" className="c-button c-button--quiet" onClick={onClose}>
          {t('console.common.close')}
        </button>
      </div>
      {item ? (
        <section aria-labelledby="stored-html">
          <h3 id="stored-html">{t('console.texts.stored')}</h3>
          <StoredHtml html={item.body} title={t('console.texts.stored')} />
        </section>
      ) : null}
    </form>
  );
}
