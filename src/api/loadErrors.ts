import { ErrorResult_Action } from '../../core/gen/manga/v1/response_pb';
import { ApiCallError } from './client';

/**
 * The channel from a failed screen load to the global error state
 * (documents: section 8). Screens and useApi call reportLoadError(err) when
 * the call their screen depends on fails; the app shell subscribes with
 * onGlobalError (src/app/GlobalErrorOutlet.tsx drives its globalError
 * machine). It sits beside the API client so nothing below the app imports
 * the app.
 */
type GlobalErrorKind = 'maintenance' | 'geoBlocking' | 'default';

function errorKind(err: unknown): GlobalErrorKind {
  const action = err instanceof ApiCallError ? err.error?.action : undefined;
  if (action === ErrorResult_Action.MAINTENANCE) return 'maintenance';
  if (action === ErrorResult_Action.GEOIP_BLOCKING) return 'geoBlocking';
  return 'default';
}

type Listener = (kind: GlobalErrorKind) => void;
const listeners = new Set<Listener>();

export function reportLoadError(err: unknown): void {
  if (err instanceof DOMException && err.name === 'AbortError') return;
  const kind = errorKind(err);
  for (const l of listeners) l(kind);
}

export function onGlobalError(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * The body of a failed call's popup for the reader: the Spanish popup for the Spanish service
 * language, the English one otherwise (or when the Spanish one is empty); undefined when the
 * server sent none. The one place the popup for a service language is picked.
 */
export function errorPopupBody(err: unknown, serviceLang: string): string | undefined {
  const e = err instanceof ApiCallError ? err.error : undefined;
  return (serviceLang === 'esp' ? e?.spanishPopup?.body : undefined) || e?.englishPopup?.body || undefined;
}
