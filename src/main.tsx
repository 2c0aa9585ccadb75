import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, isLocale, type Locale } from './i18n';
import { byService } from './lib/languages';
import { STORAGE } from './lib/storageKeys';
import { App } from './app/App';

function startLocale(): Locale {
  const stored = byService(localStorage.getItem(STORAGE.serviceLang) ?? '')?.short;
  const browser = navigator.language.slice(0, 2);
  const l = stored ?? browser;
  return isLocale(l) ? l : 'en';
}

await initI18n(startLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
