/**
 * Interface strings. Each area of the app keeps its own catalog per locale
 * in locales/<locale>/<area>.json; keys are used as "<area>.<key>".
 * Only the current locale (and English, the fallback) is loaded, before
 * the app renders. Changing the service language reloads the page.
 */
export const LOCALES = ['en', 'es', 'fr', 'id', 'th', 'pt', 'ru', 'de', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];

type Messages = Record<string, string>;
const loaders = import.meta.glob<Messages>('./locales/*.ts', { import: 'default' });

let current: Locale = 'en';
let table: Messages = {};
let fallback: Messages = {};

/** The catalogs of a locale. */
export function loadAll(locale: Locale): Promise<Messages> {
  return loaders[`./locales/${locale}.ts`]();
}

export function isLocale(s: string): s is Locale {
  return (LOCALES as readonly string[]).includes(s);
}

/** Loads the catalogs of a locale; call before the first render. */
export async function initI18n(locale: Locale): Promise<void> {
  current = locale;
  const [t, f] = await Promise.all([loadAll(locale), locale === 'en' ? Promise.resolve(null) : loadAll('en')]);
  table = t;
  fallback = f ?? t;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function locale(): Locale {
  return current;
}

/** Whether "<area>.<key>" has copy (in the locale or the English fallback). */
export function hasMessage(key: string): boolean {
  return key in table || key in fallback;
}

/** A number as the interface locale writes it (digit grouping, decimal mark): "7,679,783" in English, "7 679 783" in French. */
function formatNumber(n: number): string {
  return numberFormat(current).format(n);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberFormat(l: Locale): Intl.NumberFormat {
  let f = numberFormats.get(l);
  if (!f) numberFormats.set(l, (f = new Intl.NumberFormat(l)));
  return f;
}

/**
 * Translates "<area>.<key>", filling {name} placeholders. A number is written
 * in the interface locale (formatNumber); a string as it is (a year is passed as one).
 */
export function t(key: string, params?: Record<string, string | number>): string {
  let s = table[key] ?? fallback[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? fill(params[k]) : m));
  return s;
}

/**
 * "<area>.<key>" for a count `n` (its {n}): the catalog keeps one form per CLDR plural category the
 * locale uses ("<key>_one", "_few", "_many", "_other": Intl.PluralRules in the interface locale), and
 * "<key>_other" stands for a category it does not write apart (French "many", 1,000,000). A key the
 * locale lacks takes English's form for the count.
 */
export function plural(key: string, n: number, params?: Record<string, string | number>): string {
  const all = { ...params, n };
  const own = `${key}_${pluralRules(current).select(n)}`;
  if (own in table) return t(own, all);
  if (`${key}_other` in table) return t(`${key}_other`, all);
  const english = `${key}_${pluralRules('en').select(n)}`;
  return t(english in fallback ? english : `${key}_other`, all);
}

const pluralRulesOf = new Map<Locale, Intl.PluralRules>();
function pluralRules(l: Locale): Intl.PluralRules {
  let r = pluralRulesOf.get(l);
  if (!r) pluralRulesOf.set(l, (r = new Intl.PluralRules(l)));
  return r;
}

function fill(v: string | number): string {
  return typeof v === 'number' ? formatNumber(v) : v;
}

/**
 * Switches to catalogs already loaded, synchronously: server rendering (which
 * renders many locales in one process, with no await between this and its
 * render) and tests.
 */
export function setMessages(locale: Locale, messages: Messages, fallbackMessages: Messages = messages): void {
  current = locale;
  table = messages;
  fallback = fallbackMessages;
}
