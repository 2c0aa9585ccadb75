import { createContext, useContext } from 'react';
import type { DateClock } from '../../../core/clock';
import { dateClock } from '../../../web/clock';
import { uppyUploader, type MakeUploader } from './uploader';

/** What the chapter screens take from outside: the timers (the job's progress poll) and the upload transport. */
export interface CatalogEnv {
  clock: DateClock;
  makeUploader: MakeUploader;
  /** Opens the reader's viewer on a preview link (a new tab in the browser). */
  openPreview: (url: string) => void;
}

const CatalogEnvContext = createContext<CatalogEnv>({
  clock: dateClock,
  makeUploader: uppyUploader,
  openPreview: (url) => void window.open(url, '_blank', 'noopener'),
});

export const CatalogEnvProvider = CatalogEnvContext.Provider;
export const useCatalogEnv = () => useContext(CatalogEnvContext);
