/**
 * Where the reading profiles are kept and how one is applied (src/lib/storage/readerProfiles.ts): this
 * device's storage, whose profile key follows the visitor's linked devices with the other reader settings
 * (settingsSync.ts). The provider takes it as a prop, so a test can hold an application back.
 */
import { findProfile, type ProfileSettings, type StoredProfiles } from '../../../core/viewer/readerProfiles';
import { applyProfileSettings, saveReaderProfiles, storedProfileSettings, storedReaderProfiles } from '../../lib/storage';

export interface ProfileStore {
  load(): StoredProfiles;
  save(s: StoredProfiles): void;
  /** The settings in use now, as a profile holds them. */
  current(titleId: number): ProfileSettings;
  /** Writes every setting of profile `id` and makes it the one in use; false (and nothing changed) when they were not kept. */
  apply(titleId: number, id: string): Promise<boolean>;
}

export const browserProfileStore: ProfileStore = {
  load: storedReaderProfiles,
  save: saveReaderProfiles,
  current: storedProfileSettings,
  apply: (titleId, id) =>
    Promise.resolve().then(() => {
      const p = findProfile(storedReaderProfiles(), id);
      return p ? applyProfileSettings(titleId, id, p.settings) : false;
    }),
};

/** The store's profiles with the reader's changes: a new one made of the settings in use, one renamed, one deleted. */
export const profileEdits = (store: ProfileStore, titleId: number) => ({
  add(id: string, name: string): void {
    const s = store.load();
    store.save({ ...s, profiles: [...s.profiles, { id, name, settings: store.current(titleId) }], active: id });
  },
  rename(id: string, name: string): void {
    const s = store.load();
    store.save({ ...s, profiles: s.profiles.map((p) => (p.id === id ? { ...p, name } : p)) });
  },
  remove(id: string): void {
    const s = store.load();
    const titleDefaults = Object.fromEntries(Object.entries(s.titleDefaults).filter(([, d]) => d !== id));
    store.save({ profiles: s.profiles.filter((p) => p.id !== id), active: s.active === id ? null : s.active, titleDefaults });
  },
  setTitleDefault(id: string | null): void {
    const s = store.load();
    const titleDefaults = { ...s.titleDefaults };
    delete titleDefaults[String(titleId)];
    if (id) titleDefaults[String(titleId)] = id;
    store.save({ ...s, titleDefaults });
  },
});
