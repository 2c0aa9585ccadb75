/**
 * The interface-string runtime of both browser apps. Each app makes its own strings with
 * `createStrings<Locale, Key>()`: its own locales (the reader's nine, the console's English and
 * Japanese) and its own keys, so neither app can call, or has to carry, the other's copy. Messages
 * are flat ("<area>.<key>" → copy with {name} placeholders); one locale is current, with English's
 * messages as the fallback.
 *
 * A locale is a language tag Intl takes (`InterfaceLocale`): numbers in placeholders and plural
 * categories follow it.
 */

/** A language tag the interface speaks ('en', 'fr', 'ja'); each app's own list narrows it. */
export type InterfaceLocale = string;

export type Messages = Readonly<Record<string, string>>;
type Params = Record<string, string | number>;

/** The base of a plural message: "<key>" where the catalog has "<key>_other". */
type PluralKey<K extends string> = string extends K ? string : K extends `${infer Base}_other` ? Base : never;

interface Strings<L extends InterfaceLocale, K extends string> {
  /** The current locale. */
  locale: () => L;
  /** Translates a key, filling {name} placeholders: a number in the locale's digits, a string as it is (a year is passed as one). */
  t: (key: K, params?: Params) => string;
  /**
   * The message for a count `n` (its {n}): the catalog keeps one form per CLDR plural category the
   * locale uses ("<key>_one", "_few", "_many", "_other": Intl.PluralRules in the current locale), and
   * "<key>_other" stands for a category it does not write apart (French "many", 1,000,000). A key the
   * locale lacks takes English's form for the count.
   */
  plural: (key: PluralKey<K>, n: number, params?: Params) => string;
  /**
   * A message whose key is built from a value (a state, a role, a problem code), which the key type
   * cannot check (the catalogs' tests do): like `t`, the key itself where the catalog has none.
   */
  tBuilt: (key: string, params?: Params) => string;
  /** Whether a key has copy (in the locale or the English fallback). */
  hasMessage: (key: string) => key is K;
  /**
   * Switches to catalogs already loaded, synchronously (an app's start, server rendering, which
   * renders many locales in one process with no await between this and its render, and tests).
   */
  setMessages: (locale: L, messages: Messages, fallbackMessages?: Messages) => void;
}

export function createStrings<L extends InterfaceLocale, K extends string = string>(initial: L): Strings<L, K> {
  let current: L = initial;
  let table: Messages = {};
  let fallback: Messages = {};

  const fill = (v: string | number): string => (typeof v === 'number' ? numberFormat(current).format(v) : v);
  const t = (key: string, params?: Params): string => {
    let s = table[key] ?? fallback[key] ?? key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? fill(params[k]) : m));
    return s;
  };

  return {
    locale: () => current,
    t,
    tBuilt: t,
    plural: (key, n, params) => {
      const all = { ...params, n };
      const own = `${key}_${pluralRules(current).select(n)}`;
      if (own in table) return t(own, all);
      if (`${key}_other` in table) return t(`${key}_other`, all);
      const english = `${key}_${pluralRules('en').select(n)}`;
      return t(english in fallback ? english : `${key}_other`, all);
    },
    hasMessage: (key: string): key is K => key in table || key in fallback,
    setMessages: (locale, messages, fallbackMessages = messages) => {
      current = locale;
      table = messages;
      fallback = fallbackMessages;
    },
  };
}

const numberFormats = new Map<InterfaceLocale, Intl.NumberFormat>();
/** Numbers as the locale writes them (digit grouping, decimal mark): "7,679,783" in English, "7 679 783" in French. */
function numberFormat(l: InterfaceLocale): Intl.NumberFormat {
  let f = numberFormats.get(l);
  if (!f) numberFormats.set(l, (f = new Intl.NumberFormat(l)));
  return f;
}

const pluralRulesOf = new Map<InterfaceLocale, Intl.PluralRules>();
function pluralRules(l: InterfaceLocale): Intl.PluralRules {
  let r = pluralRulesOf.get(l);
  if (!r) pluralRulesOf.set(l, (r = new Intl.PluralRules(l)));
  return r;
}
