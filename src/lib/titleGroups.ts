import { LabelCode } from '../../core/gen/manga/v1/common_pb';
import type { AllTitlesGroup, Title } from '../../core/gen/manga/v1/title_pb';
import { byLanguage, type ShortCode } from '../../core/languages';
import type { ListSort } from '../../machines/listFilterMachine';

/** The language titles of a group that are in the chosen content languages (000 §5). */
export function titlesInLangs(g: AllTitlesGroup, langs: readonly ShortCode[]): Title[] {
  return g.titles.filter((t) => {
    const short = byLanguage(t.language)?.short;
    return short !== undefined && langs.includes(short);
  });
}

/** The title to show for a group: the first of the chosen languages, in their order. */
export function displayTitle(g: AllTitlesGroup, langs: readonly ShortCode[]): Title | undefined {
  const inLangs = titlesInLangs(g, langs);
  for (const l of langs) {
    const hit = inLangs.find((t) => byLanguage(t.language)?.short === l);
    if (hit) return hit;
  }
  return inLangs[0];
}

/** 000 §5 list filter: a language of the group in the content languages, then the tag, then the label. */
export function filterGroups(
  groups: readonly AllTitlesGroup[],
  langs: readonly ShortCode[],
  tag: string | null,
  label: string | null,
): AllTitlesGroup[] {
  return groups.filter(
    (g) =>
      titlesInLangs(g, langs).length > 0 &&
      (tag === null || g.tags.some((t) => t.slug === tag)) &&
      (label === null || (g.label !== undefined && labelKey(g.label.label) === label)),
  );
}

export const labelKey = (code: LabelCode): string => LabelCode[code] ?? String(code);

/** Letters first, then digits, then anything else (000 §5). */
function klass(name: string): number {
  const c = name.trim().charAt(0);
  if (/\p{L}/u.test(c)) return 0;
  if (/\p{N}/u.test(c)) return 1;
  return 2;
}

/**
 * 000 §5 sorts: A to Z and Z to A by the name the reader sees (the group's
 * title in the first chosen language that has one), compared as the
 * interface language compares (Intl.Collator), letters first, then digits,
 * then anything else; Z to A is that order reversed. The group's hidden
 * original name (theTitle) decides nothing but ties.
 */
export function sortGroups(
  groups: readonly AllTitlesGroup[],
  sort: ListSort,
  langs: readonly ShortCode[] = [],
  locale = 'en',
): AllTitlesGroup[] {
  const out = [...groups];
  if (sort === 'recent') {
    return out.sort(
      (a, b) =>
        Number(b.nextChapterStartTimestamp) - Number(a.nextChapterStartTimestamp) ||
        Math.max(...b.titles.map((t) => t.titleId)) - Math.max(...a.titles.map((t) => t.titleId)),
    );
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const shown = new Map(out.map((g) => [g, (displayTitle(g, langs)?.name ?? g.theTitle).trim()]));
  const name = (g: AllTitlesGroup) => shown.get(g) ?? g.theTitle;
  out.sort((a, b) => klass(name(a)) - klass(name(b)) || collator.compare(name(a), name(b)) || collator.compare(a.theTitle, b.theTitle));
  return sort === 'za' ? out.reverse() : out;
}
