import type { Notices } from '../../cluster/notices.js';
import type { Blobs } from '../../images/blobs.js';
import type { CatalogJobs } from './jobs.js';
import type { ReleaseTimers } from './releaseTimers.js';
import type { UploadSweep } from './uploadSweep.js';

/**
 * The console catalog's parts every node runs (made by ./plugin.ts, `app.catalog`),
 * given to its services beside the context: the page jobs, the release timers,
 * where its images and uploads are, and the notices (a release tells every node
 * a chapter is out, which a plain catalog change does not).
 */
export interface CatalogParts {
  jobs: CatalogJobs;
  releases: ReleaseTimers;
  blobs: Blobs;
  /** Where tus keeps uploads (<dataDir>/uploads). */
  uploadDir: string;
  notices: Notices;
  /** Reclaims abandoned uploads (./uploadSweep.ts). */
  uploadSweep: UploadSweep;
}
