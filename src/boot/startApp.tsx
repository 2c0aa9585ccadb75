import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepFocusThroughReplace } from './keepFocus';
import type { PageData } from './pageData';
import { App } from '../app/App';
import { preloadScreenFor } from '../app/routes';
import { startTracking } from '../screens/machines/startTracking';
import { startSettingsSync } from '../features/readerSettings/settingsSync';

/** Renders the app (main.tsx loads this once the page allows). */
export async function start(boot: PageData | null, strings: Promise<void>): Promise<void> {
  // With the machine explorer built in, every tab reports its live actors to it.
  if (__MACHINE_EXPLORER__ || document.querySelector('meta[name="machine-explorer"][content="on"]')) startTracking();
  await strings;
  // The server's markup stays until the app's first render replaces it: that render must be the
  // same screen, not a loading state, so the screen's code is awaited first.
  if (boot) await preloadScreenFor(boot.path).catch(() => {});
  const rootElement = document.getElementById('root')!;
  // A focus moved into the server's markup meanwhile stays on the same element of the app's.
  if (boot) keepFocusThroughReplace(rootElement);
  const root = createRoot(rootElement);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Over the server's markup, the app renders in slices (a transition), letting the browser paint
  // meanwhile; the markup is replaced at once when that render is done.
  if (boot) startTransition(() => root.render(app));
  else root.render(app);
  // The reader settings follow linked devices (a device that is not linked makes no call).
  startSettingsSync();
}
