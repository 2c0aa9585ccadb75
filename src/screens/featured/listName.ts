import { hasMessage, t } from '../../i18n';

/**
 * A featured list's name in the interface language. The catalog names its
 * lists once, in English ("Fantasy", "Our Picks"; the home leaves out the one
 * named Fantasy by that name): the locale files hold each name's copy as
 * featured.list_<name in snake case>. A name without copy shows as it came.
 */
export function featuredListName(listName: string): string {
  const key = `featured.list_${listName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  return hasMessage(key) ? t(key) : listName;
}
