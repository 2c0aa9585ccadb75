import { initI18n, isLocale, type Locale } from './i18n';
import { byService } from './lib/languages';
import { STORAGE } from './lib/storageKeys';
import { applyBoot, firstCoversShown } from './app/bootstrap';
import './app/styles.css';

/** 001 §2: the stored service language, else the detected locale, else English. */
function startLocale(): Locale {
  const stored = byService(localStorage.getItem(STORAGE.serviceLang) ?? '')?.short;
  if (stored && isLocale(stored)) return stored;
  for (const l of navigator.languages ?? [navigator.language]) {
    const s = l.slice(0, 2).toLowerCase();
    if (isLocale(s)) return s;
  }
  return 'en';
}

/** The longest the app waits for a server-rendered page's first covers before starting anyway. */
const FIRST_COVERS_WAIT_MS = 1500;

// A page the server rendered ahead of the app (the home's first view), taken or dropped
// before anything reads the stored languages.
const boot = applyBoot();
// The locale's strings load beside the app's code (which start.tsx holds).
const strings = initI18n(startLocale());
// Over a server-rendered page, its first covers are painted before the app's code runs (which
// holds the main thread for a few hundred milliseconds on a slow device); its links work meanwhile.
if (boot) await firstCoversShown(document, FIRST_COVERS_WAIT_MS);
const { start } = await import('./start');
await start(boot, strings);
