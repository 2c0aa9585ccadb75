import { useState } from 'react';
import type { FeaturedList, NewFeaturedList } from '../../../core/console/schemas/home';
import { LANGUAGES } from '../../../core/languages';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { Field } from '../../ui/ui';
import { EditorButtons, saveHeld } from '../../ui/edit/EditorButtons';
import { Refusal } from '../../ui/edit/Refusal';
import { SeriesList } from './SeriesList';

type Set = (p: Partial<NewFeaturedList>) => void;

/** What is sent: the series in order, and only the names given. */
function bodyOf(form: NewFeaturedList): NewFeaturedList {
  const names = Object.fromEntries(Object.entries(form.names).filter(([, v]) => v.trim() !== ''));
  return { ...form, names };
}

/** Titles or ranked, its name, and its name per language. */
function NameFields({ form, set }: { form: NewFeaturedList; set: Set }) {
  return (
    <>
      <fieldset className="c-choices c-choices--row">
        <legend>{t('console.featured.kindLegend')}</legend>
        {(['titles', 'ranked'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="list-kind" checked={form.kind === k} onChange={() => set({ kind: k })} />{' '}
            {t(`console.featured.kind.${k}`)}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('console.featured.name')}
        required
        maxLength={100}
        value={form.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <details>
        <summary>{t('console.featured.names')}</summary>
        {LANGUAGES.map((l) => (
          <Field
            key={l.short}
            label={l.native}
            lang={l.locale}
            maxLength={100}
            value={form.names[l.short] ?? ''}
            onChange={(e) => set({ names: { ...form.names, [l.short]: e.target.value } })}
          />
        ))}
      </details>
    </>
  );
}

/** A list of titles (or a ranked one): its name, its name per language, its series in order. */
export function FeaturedListEditor({
  list,
  onSaved,
  onDeleted,
  onClose,
}: {
  list: FeaturedList | null;
  onSaved: (l: FeaturedList) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [first] = useState<NewFeaturedList>(() =>
    list
      ? { kind: list.kind, name: list.name, names: list.names, seriesIds: list.seriesIds }
      : { kind: 'titles', name: '', names: {}, seriesIds: [] },
  );
  const [form, setForm] = useState(first);
  const held = saveHeld({
    invalid: form.name.trim() === '',
    changed: !list || JSON.stringify(bodyOf(form)) !== JSON.stringify(bodyOf(first)),
  });
  const [refused, setRefused] = useState<unknown>(null);
  const set = (p: Partial<NewFeaturedList>) => setForm((f) => ({ ...f, ...p }));
  return (
    <form
      className="c-panel c-editor"
      aria-labelledby="list-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (held) return;
        const body = bodyOf(form);
        const req = list
          ? call('PATCH /featured/lists/:id', { params: { id: list.id }, body: { ...body, version: list.version } })
          : call('POST /featured/lists', { body });
        req.then((l) => {
          setRefused(null);
          onSaved(l);
        }, setRefused);
      }}
    >
      <h2 id="list-editor">{list ? t('console.featured.editNamed', { name: list.name }) : t('console.featured.newList')}</h2>
      <NameFields form={form} set={set} />
      <SeriesList value={form.seriesIds} onChange={(seriesIds) => set({ seriesIds })} />
      <p className="c-field__hint">{t('console.featured.seriesHint')}</p>
      <Refusal error={refused} />
      <EditorButtons
        held={held}
        onDelete={
          list
            ? () =>
                void call('DELETE /featured/lists/:id', { params: { id: list.id }, query: { version: list.version } }).then(
                  onDeleted,
                  setRefused,
                )
            : null
        }
        onClose={onClose}
      />
    </form>
  );
}
