import { useState } from 'react';
import type { PickChapter } from '../../../core/console/schemas/pickers';
import { t } from '../../i18n';
import { Combobox } from './Combobox';
import { ChapterOption } from './options';
import { chapterById, searchChapters } from './pickerApi';
import { TitlePicker, useKnown } from './TitlePicker';

/**
 * A chapter: its title first (searched by name), then the chapter within it,
 * searched by a part of its name or listed newest first with the down arrow.
 * An existing chapter id shows its title and chapter.
 */
export function ChapterPicker({
  value,
  onChange,
  label,
}: {
  /** The chapter's id (0: none). */
  value: number;
  onChange: (id: number, chapter: PickChapter | null) => void;
  label?: string;
}) {
  const [known, setKnown] = useKnown(value, chapterById);
  // The title picked here, else that of the chapter the form holds.
  const [picked, setPicked] = useState<number | null>(null);
  const titleId = picked ?? known?.titleId ?? 0;
  return (
    <fieldset className="c-picker-group">
      <legend>{label ?? t('console.picker.chapter')}</legend>
      <TitlePicker
        value={titleId}
        label={t('console.picker.chapterTitle')}
        onChange={(id) => {
          setPicked(id);
          if (known && known.titleId !== id) {
            setKnown(null);
            onChange(0, null);
          }
        }}
      />
      <Combobox<PickChapter>
        // A new title: a new list of chapters.
        key={titleId}
        label={t('console.picker.chapter')}
        hint={titleId ? t('console.picker.chapterHint') : t('console.picker.chapterFirst')}
        disabled={!titleId}
        searchBlank
        search={(q) => searchChapters(titleId, q)}
        known={known && known.titleId === titleId ? known : null}
        onChoose={(x) => {
          setKnown(x);
          onChange(x?.id ?? 0, x);
        }}
        textOf={(x) => (x.subTitle ? `${x.name} · ${x.subTitle}` : x.name)}
        render={(x) => <ChapterOption item={x} />}
        noneText={(q) => t('console.picker.noChapter', { text: q })}
      />
    </fieldset>
  );
}
