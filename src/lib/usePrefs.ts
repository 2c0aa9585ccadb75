import { createContext, useContext } from 'react';
import { browserSource, readStored, type StoredPrefs } from './storage';

/**
 * The stored preferences screens render with, as a reader: in the browser
 * local storage, read at each render (the viewer mode changes in the
 * viewer); under server rendering the visitor's cookies with the languages
 * chosen for them (src/boot/serverRender.tsx provides that reader).
 */
export const PrefsContext = createContext<() => StoredPrefs>(() => readStored(browserSource));

export function usePrefs(): StoredPrefs {
  return useContext(PrefsContext)();
}
