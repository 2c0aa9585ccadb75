import path from 'node:path';
import fs from 'node:fs';
import fp from 'fastify-plugin';
import { imageBlobs } from '../../images/blobs.js';
import { cdnPurge } from '../../images/purge.js';
import { catalogJobs } from './jobs.js';
import { bossPageQueue, rowQueue } from './pageQueue.js';
import { releaseTimers } from './releaseTimers.js';
import { uploadSweep } from './uploadSweep.js';
import { releaseGroupTimers } from './releaseGroupsTimers.js';
import { releaseGroups } from './releaseGroups.js';
import { consoleCtx } from '../actor.js';
import { coverTestTimers } from '../coverTests/timers.js';
import { endDue } from '../coverTests/run.js';
import type { CatalogParts } from './parts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console catalog's page jobs, release timers, and where its images and uploads are. */
    catalog: CatalogParts;
  }
}

/**
 * The console catalog's parts every node runs: the page-job
 * worker (it takes over jobs of a node that died; stopped, and pg-boss
 * with it, when the server closes), the release timers and the sweep of
 * abandoned uploads.
 */
export default fp(
  (app, _opts, done) => {
    const uploadDir = path.join(app.config.dataDir, 'uploads');
    // Uploads are the staff's unreleased pages: this process's user only (0700, its files 0600).
    fs.mkdirSync(uploadDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(uploadDir, 0o700);
    const blobs = imageBlobs(app.config);
    // The page jobs' queue: pg-boss on PostgreSQL, the chapters' rows on SQLite.
    const queue =
      app.dialect === 'postgres' ? bossPageQueue(app.config.databaseUrl, app.db, app.log) : rowQueue(app.db, app.clock, app.log);
    const jobs = catalogJobs({ db: app.db, clock: app.clock, blobs, uploadDir, log: app.log, queue });
    const releases = releaseTimers({ db: app.db, clock: app.clock, notices: app.notices, log: app.log });
    const purge = cdnPurge({ blobs, purgeUrl: app.config.cdnPurgeUrl, log: app.log });
    const sweep = uploadSweep({ db: app.db, clock: app.clock, uploadDir, lifetimes: app.config, log: app.log });
    const groups = releaseGroupTimers({
      db: app.db,
      clock: app.clock,
      notices: app.notices,
      log: app.log,
      run: (id) => releaseGroups.runDue(consoleCtx(app), app.catalog, id),
    });
    const covers = coverTestTimers({
      db: app.db,
      clock: app.clock,
      notices: app.notices,
      log: app.log,
      end: (id) => endDue(consoleCtx(app), id),
    });
    app.decorate('catalog', {
      jobs,
      releases,
      groups,
      blobs,
      uploadDir,
      notices: app.notices,
      purge,
      uploadSweep: sweep,
      coverTests: covers,
    });
    app.addHook('onReady', async () => {
      await jobs.start();
      await releases.start();
      await groups.start();
      await covers.start();
      await sweep.start();
    });
    app.addHook('onClose', async () => {
      sweep.stop();
      releases.stop();
      groups.stop();
      covers.stop();
      await groups.idle();
      await covers.idle();
      await jobs.stop();
    });
    done();
  },
  { name: 'console-catalog', dependencies: ['notices'] },
);
