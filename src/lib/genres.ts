import { hasMessage, t } from '../i18n';

/**
 * A genre tag's name in the interface language. The catalog names its tags
 * once, in English ("Action", "Slice of Life"); the locale files hold each
 * tag's copy as genres.<slug>. A tag without copy shows its catalog name.
 */
export function genreName(tag: { slug: string; tag: string }): string {
  const key = `genres.${tag.slug}`;
  return hasMessage(key) ? t(key) : tag.tag;
}
