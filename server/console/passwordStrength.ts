import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How guessable a (normalised) password is, offline: zxcvbn-ts with the
 * breached-password list of @zxcvbn-ts/language-common (its `passwords`
 * dictionary, from breach corpora), the English words and names of
 * @zxcvbn-ts/language-en and the keyboard layouts, plus the account's own
 * words (ASVS 5.0 V6.2). Under its top score (10^10 guesses or more) a
 * password is refused, named by what made it weak.
 */
export type Weakness = 'common' | 'personal' | 'guessable';

/** The service's own words (the product, the console, the publisher's staff). */
const SERVICE_WORDS = ['manga', 'reader', 'mangareader', 'mangaplus', 'manga plus', 'console', 'publisher', 'staff'];
/** zxcvbn's top score: an estimate of at least 10^10 guesses. */
const STRONG = 4;
/** Letters a password must keep once its context words are taken out. */
const OWN_LETTERS = 4;

let factory: Promise<ZxcvbnFactory> | null = null;
/** The estimator, built on first use (its dictionaries are some megabytes: a server that never checks one never loads them). */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: 64,
        l33tMaxSubstitutions: 8,
      }),
  );
  return factory;
}

/** The words of an account and of the service a password must not be made of (lower case, 3 characters or more). */
function contextWords(account: { email: string; name: string }): string[] {
  const email = account.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const name = account.name.trim().toLowerCase();
  const words = [
    email,
    local,
    ...local.split(/[._+-]+/),
    // The domain's labels but its last (example.co.jp: example, co): the publisher's name is often there.
    ...domain.split('.').slice(0, -1),
    name,
    name.replace(/\s+/g, ''),
    ...name.split(/[\s._-]+/),
    ...SERVICE_WORDS,
  ];
  return [...new Set(words)].filter((w) => [...w].length >= 3);
}

const lettersOf = (s: string) => s.replace(/[^\p{L}]/gu, '');

/** The password is the account's email, holds its local part, or its letters are context words and little else. */
function isPersonal(lower: string, words: string[], local: string): boolean {
  if (words.some((w) => w.includes('@') && lower.includes(w))) return true;
  if ([...local].length >= 5 && lower.includes(local)) return true;
  const letters = lettersOf(lower);
  let rest = letters;
  for (const w of words.map(lettersOf).sort((a, b) => b.length - a.length)) if (w.length >= 3) rest = rest.split(w).join('');
  return rest !== letters && [...rest].length < OWN_LETTERS;
}

/** Why a password is too easy to guess, or null when it is not. */
export async function weaknessOf(password: string, account: { email: string; name: string }): Promise<Weakness | null> {
  const words = contextWords(account);
  const lower = password.toLowerCase();
  if (isPersonal(lower, words, account.email.trim().toLowerCase().split('@')[0] ?? '')) return 'personal';
  const result = (await estimator()).check(password, words);
  if (result.score >= STRONG) return null;
  const dictionaries = result.sequence.map((m) => (m.pattern === 'dictionary' ? String(m.dictionaryName) : ''));
  if (dictionaries.includes('userInputs')) return 'personal';
  if (dictionaries.some((d) => d.startsWith('passwords'))) return 'common';
  return 'guessable';
}
