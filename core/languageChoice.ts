/**
 * Language rules shared by the app, its machines and the server.
 *
 * chooseLanguages: the languages of first use (languageSettingsMachine):
 * service language = stored value, else the browser's, else the server's
 * default UI language; content languages = stored, else the server's three
 * defaults with the service language put first when it has titles (a Russian
 * visitor reads Russian titles first), else the service language. Its own
 * module without XState, because the app's entry also chooses with it before
 * the app's code has loaded (a server-rendered first view must be chosen as
 * the machine would choose).
 *
 * byReaderOrder / preferredTitle: a series exists once per language (one
 * title per language, grouped by series); a list shows the series once, as
 * the title in the reader's first content language that has it.
 */
export function chooseLanguages(
  input: { storedService: string | null; storedContent: string[] | null; browser: string | null },
  l: { defaultUi: string; defaultContent: string[]; available?: readonly { code: string; titlesCount: number }[] },
): { serviceLang: string; contentLangs: string[] } {
  const serviceLang = input.storedService ?? input.browser ?? l.defaultUi;
  if (input.storedContent?.length) return { serviceLang, contentLangs: input.storedContent };
  const hasTitles = (l.available ?? []).some((a) => a.code === serviceLang && a.titlesCount > 0);
  const contentLangs = [...new Set([...(hasTitles ? [serviceLang] : []), ...l.defaultContent].filter(Boolean))];
  return { serviceLang, contentLangs: contentLangs.length ? contentLangs : [serviceLang] };
}

/**
 * The language titles of one series, the reader's first content language first
 * (`order`: the content languages as the reader listed them; null = no preference,
 * the order is kept). Languages not in `order` keep their place after the others.
 */
export function byReaderOrder<T extends { language: number }>(titles: readonly T[], order: readonly number[] | null): T[] {
  if (!order) return [...titles];
  const rank = (t: T) => {
    const i = order.indexOf(t.language);
    return i < 0 ? order.length : i;
  };
  return titles
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t);
}

/** The one title a list shows for a series: the reader's first content language that has it. */
export function preferredTitle<T extends { language: number }>(titles: readonly T[], order: readonly number[] | null): T | undefined {
  return byReaderOrder(titles, order)[0];
}
