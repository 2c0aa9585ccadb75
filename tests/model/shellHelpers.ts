import fs from 'node:fs';
import path from 'node:path';
import { setMessages, type Locale } from '../../src/i18n';

/** Loads every catalog of a locale (all areas) synchronously, as initI18n would. */
function messagesOf(locale: Locale): Record<string, string> {
  const dir = path.resolve(import.meta.dirname, '../../src/i18n/locales', locale);
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith('.json')) continue;
    const area = f.slice(0, -5);
    for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>)) {
      out[`${area}.${k}`] = v;
    }
  }
  return out;
}

export function loadTestMessages(locale: Locale = 'en'): void {
  setMessages(locale, messagesOf(locale), messagesOf('en'));
}
