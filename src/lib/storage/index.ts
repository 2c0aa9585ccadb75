/**
 * Browser storage, one parser per stored value: `stored*()` reads, `save*()` writes (and mirrors
 * the preference cookies). Machines get the parsed values as `input` and save through these (their
 * provided actions). Split by what is stored: the first-view preferences the server also reads from
 * cookies (firstViewPrefs.ts), the viewer's reader state (readerState.ts), what the shell and
 * screens remember (screenState.ts); only browserStorage.ts touches the storage itself.
 */
export * from './firstViewPrefs';
export * from './readerState';
export * from './readerProfiles';
export * from './screenState';
export * from './syncedSettings';
