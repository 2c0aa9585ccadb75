import type { Notices } from '../../cluster/notices.js';
import type { Blobs } from '../../images/blobs.js';
import type { CdnPurge } from '../../images/purge.js';
import type { CatalogJobs } from './jobs.js';
import type { ReleaseTimers } from './releaseTimers.js';
import type { GroupTimers } from './releaseGroupsTimers.js';
import type { UploadSweep } from './uploadSweep.js';
import type { TimedJobs } from './timedJobs.js';

/**
 * The console catalog's parts every node runs (made by ./plugin.ts, `app.catalog`),
 * given to its services beside the context: the page jobs, the release timers,
 * where its images and uploads are, the notices (a release tells every node
 * a chapter is out, which a plain catalog change does not) and the CDN purge.
 */
export interface CatalogParts {
  jobs: CatalogJobs;
  releases: ReleaseTimers;
  /** The release groups' job (./releaseGroupsTimers.ts). */
  groups: GroupTimers;
  blobs: Blobs;
  /** Where tus keeps uploads (<dataDir>/uploads). */
  uploadDir: string;
  notices: Notices;
  /** Drops a taken-down chapter's images from every cache (the origin's copies, a CDN's). */
  purge: CdnPurge;
  /** Reclaims abandoned uploads (./uploadSweep.ts). */
  uploadSweep: UploadSweep;
  /** The cover tests' end of period (../coverTests/timers.ts). */
  coverTests: TimedJobs;
}
