import { useEffect, useState } from 'react';
import type { PickTitle } from '../../../core/console/schemas/pickers';
import { t } from '../../i18n';
import { Combobox } from './Combobox';
import { TitleOption } from './options';
import { searchSeries, searchTitles, seriesById, titleById } from './pickerApi';

/** The option the form's id stands for: loaded when the id is not the one last chosen here (an existing record opened). */
export function useKnown<T extends { id: number }>(value: number, byId: (id: number) => Promise<T | null>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!value || loaded?.id === value) return;
    let live = true;
    void byId(value).then(
      (x) => live && setLoaded(x),
      () => {},
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the value alone
  }, [value]);
  return [value && loaded?.id === value ? loaded : null, setLoaded] as const;
}

interface Props {
  /** The title's id (0: none). */
  value: number;
  onChange: (id: number, title: PickTitle | null) => void;
  label?: string;
  hint?: string;
}

/** A title, searched by a part of its name in any language: cover, languages, whether it is out. */
export function TitlePicker({ value, onChange, label, hint }: Props) {
  const [known, setKnown] = useKnown(value, titleById);
  return (
    <Combobox<PickTitle>
      label={label ?? t('console.picker.title')}
      hint={hint ?? t('console.picker.titleHint')}
      search={searchTitles}
      known={known}
      onChoose={(x) => {
        setKnown(x);
        onChange(x?.id ?? 0, x);
      }}
      textOf={(x) => x.name}
      render={(x) => <TitleOption item={x} />}
      noneText={(q) => t('console.picker.noTitle', { text: q })}
    />
  );
}

/** A series, found by a part of any of its titles' names: one option per series, with every language it has. */
export function SeriesPicker({ value, onChange, label, hint }: Props) {
  const [known, setKnown] = useKnown(value, seriesById);
  return (
    <Combobox<PickTitle>
      label={label ?? t('console.picker.series')}
      hint={hint ?? t('console.picker.titleHint')}
      search={searchSeries}
      known={known}
      onChoose={(x) => {
        setKnown(x);
        onChange(x?.id ?? 0, x);
      }}
      textOf={(x) => x.name}
      render={(x) => <TitleOption item={x} series />}
      noneText={(q) => t('console.picker.noTitle', { text: q })}
    />
  );
}
