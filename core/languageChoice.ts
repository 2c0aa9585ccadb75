/**
 * The languages of first use (languageSettingsMachine): service language =
 * stored value, else the browser's, else the server's default UI language;
 * content languages = stored, else the server's three defaults, else the
 * service language. Its own module without XState, because the app's entry
 * also chooses with it before the app's code has loaded (a server-rendered
 * first view must be chosen as the machine would choose).
 */
export function chooseLanguages(
  input: { storedService: string | null; storedContent: string[] | null; browser: string | null },
  l: { defaultUi: string; defaultContent: string[] },
): { serviceLang: string; contentLangs: string[] } {
  const serviceLang = input.storedService ?? input.browser ?? l.defaultUi;
  const contentLangs = input.storedContent?.length ? input.storedContent : [...new Set(l.defaultContent.filter(Boolean))];
  return { serviceLang, contentLangs: contentLangs.length ? contentLangs : [serviceLang] };
}
