import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../web/fonts.css';
import { initConsoleI18n, preferredLocale, t } from './i18n';
import { LANG_KEY } from './app/LanguageSwitch';
import { App } from './app/App';

await initConsoleI18n(preferredLocale(localStorage.getItem(LANG_KEY), navigator.languages));
document.title = t('console.frame.brand');
createRoot(document.getElementById('console')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
