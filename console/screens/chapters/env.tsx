import { createContext, useContext } from 'react';
import type { DateClock } from '../../../core/clock';
import { dateClock } from '../../../web/clock';
import { uppyUploader, type MakeUploader } from './uploader';

/** The member's upload settings, kept on this device. */
export interface UploadPrefs {
  /** Files picked or dropped wait for Upload to be pressed (else they go at once). */
  confirmFirst(): boolean;
  setConfirmFirst(confirm: boolean): void;
}

const CONFIRM_KEY = 'console.uploadConfirm';

/** The browser's: this device's local storage (a storage that refuses is as if nothing was kept). */
const localUploadPrefs: UploadPrefs = {
  confirmFirst: () => {
    try {
      return localStorage.getItem(CONFIRM_KEY) === '1';
    } catch {
      return false;
    }
  },
  setConfirmFirst: (confirm) => {
    try {
      localStorage.setItem(CONFIRM_KEY, confirm ? '1' : '0');
    } catch {
      // Not kept: the setting holds for this page only.
    }
  },
};

/** What the chapter screens take from outside: the timers (the job's progress poll), the upload transport and its settings. */
export interface CatalogEnv {
  clock: DateClock;
  makeUploader: MakeUploader;
  uploadPrefs: UploadPrefs;
  /** Opens the reader's viewer on a preview link (a new tab in the browser). */
  openPreview: (url: string) => void;
}

const CatalogEnvContext = createContext<CatalogEnv>({
  clock: dateClock,
  makeUploader: uppyUploader,
  uploadPrefs: localUploadPrefs,
  openPreview: (url) => void window.open(url, '_blank', 'noopener'),
});

export const CatalogEnvProvider = CatalogEnvContext.Provider;
export const useCatalogEnv = () => useContext(CatalogEnvContext);
