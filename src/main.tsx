import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, isLocale, type Locale } from './i18n';
import { startTracking } from './lib/inspector';
import { byService } from './lib/languages';
import { STORAGE } from './lib/storageKeys';
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

// With the machine explorer built in, every tab reports its live actors to it.
if (__MACHINE_EXPLORER__ || document.querySelector('meta[name="machine-explorer"][content="on"]')) startTracking();
// The app's code and the locale's strings load side by side (the app imported statically
// would hold the strings' request back until all of its modules had run).
const [{ App }] = await Promise.all([import('./app/App'), initI18n(startLocale())]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
