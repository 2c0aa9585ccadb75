import { saveResumePosition, storedResumePosition } from './storage';

/** Old names of the resume position (src/lib/storage.ts), kept until the viewer takes the new ones. */
export const readLastPage = storedResumePosition;
export const writeLastPage = saveResumePosition;
