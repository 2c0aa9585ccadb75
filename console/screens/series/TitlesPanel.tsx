import { useState } from 'react';
import type { TitleFull } from '../../../core/console/schemas/catalog';
import { byShort } from '../../../core/languages';
import { call } from '../../api/call';
import { ConsoleProblem, problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { TitleTexts, TEXT_FIELDS, type TextsPatch } from './TitleTexts';

const langName = (code: string) => byShort(code)?.native ?? code;

/** The reference language (any of the series') and the one edited (only those the member may edit). */
function LanguagePickers(props: {
  titles: TitleFull[];
  editable: TitleFull[];
  refLang: string;
  setRefLang: (l: string) => void;
  editLang: string;
  setEditLang: (l: string) => void;
}) {
  const { titles, editable, refLang, setRefLang, editLang, setEditLang } = props;
  return (
    <div className="c-row">
      {/* With one language there is nothing to set beside it. */}
      {titles.length > 1 ? (
        <div className="c-field">
          <label htmlFor="titles-ref">{t('console.titles.reference')}</label>
          <select id="titles-ref" value={refLang} onChange={(e) => setRefLang(e.target.value)}>
            {titles.map((x) => (
              <option key={x.language} value={x.language}>
                {langName(x.language)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="c-field">
        <label htmlFor="titles-edit">{t('console.titles.editing')}</label>
        <select id="titles-edit" value={editLang} onChange={(e) => setEditLang(e.target.value)} disabled={!editable.length}>
          {editable.map((x) => (
            <option key={x.language} value={x.language}>
              {langName(x.language)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * A series' titles per language, side by side: the reference language the
 * member picks (read only) beside the one they edit. A localizer edits only
 * the languages they hold (the server refuses the others too).
 */
export function TitlesPanel({
  titles,
  languages,
  editor,
  onSaved,
}: {
  titles: TitleFull[];
  languages: readonly string[];
  editor: boolean;
  onSaved: () => void;
}) {
  const editable = titles.filter((x) => editor || languages.includes(x.language));
  const [refChoice, setRefLang] = useState(titles.find((x) => !editable.includes(x))?.language ?? titles[0]?.language ?? '');
  const [editChoice, setEditLang] = useState(editable.find((x) => x.language !== refChoice)?.language ?? editable[0]?.language ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState<string[]>([]);
  // A choice the titles no longer hold (none yet when the series was new) falls back to the first.
  const refLang = titles.some((x) => x.language === refChoice) ? refChoice : (titles[0]?.language ?? '');
  const editLang = editable.some((x) => x.language === editChoice) ? editChoice : (editable[0]?.language ?? '');
  const editing = editable.find((x) => x.language === editLang) ?? null;
  // The same language on both sides is shown once, to edit.
  const reference = titles.find((x) => x.language === refLang && x !== editing) ?? null;
  const save = (title: TitleFull, texts: TextsPatch) =>
    call('PATCH /catalog/titles/:id', { params: { id: title.id }, body: { ...texts, version: title.version } }).then(
      () => {
        setProblem(null);
        setChanged([]);
        onSaved();
      },
      (e: unknown) => {
        setProblem(problemCode(e));
        const now = e instanceof ConsoleProblem ? (e.current as TitleFull | null) : null;
        if (now) setChanged(TEXT_FIELDS.filter((f) => now[f] !== title[f]).map((f) => t(`console.titles.${f}`)));
      },
    );
  return (
    <section className="c-panel" aria-labelledby="titles-title">
      <h2 id="titles-title">{t('console.titles.title')}</h2>
      <LanguagePickers
        titles={titles}
        editable={editable}
        refLang={refLang}
        setRefLang={setRefLang}
        editLang={editLang}
        setEditLang={setEditLang}
      />
      {!titles.length ? <p>{t('console.titles.noneYet')}</p> : !editable.length ? <p>{t('console.titles.noneYours')}</p> : null}
      <Problem code={problem} />
      {changed.length ? (
        <div className="c-alert c-alert--info" role="alert">
          {t('console.conflict.fields', { fields: changed.join(', ') })}{' '}
          <button type="button" className="c-button c-button--quiet" onClick={onSaved}>
            {t('console.common.reload')}
          </button>
        </div>
      ) : null}
      <div className="c-side">
        {reference ? (
          <TitleTexts key={`ref-${reference.id}-${reference.version}`} title={reference} readOnly heading={langName(reference.language)} />
        ) : null}
        {editing ? (
          <TitleTexts
            key={`edit-${editing.id}-${editing.version}`}
            title={editing}
            heading={langName(editing.language)}
            flags={editor}
            onSave={(texts) => void save(editing, texts)}
          />
        ) : null}
      </div>
    </section>
  );
}
