import path from 'node:path';

/** Everything the server reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file, page images and generated art. */
  dataDir: string;
  /** postgres://… to run on PostgreSQL; empty for the embedded SQLite file. */
  databaseUrl: string;
  /** Answer every API call with the MAINTENANCE error action. */
  maintenance: boolean;
  /** Request header carrying the client's ISO region (set by the edge/CDN). */
  regionHeader: string;
  /** Upper-case ISO region codes whose visitors get GEOIP_BLOCKING. */
  blockedRegions: string[];
  /**
   * PUBLIC_URL: the absolute base of every URL in answers (https://reader.example.com).
   * Empty: the request's own scheme and host (the proxy's X-Forwarded-Proto/-Host under TRUST_PROXY).
   */
  publicUrl: string;
  /**
   * NODE_ENV=production: the console makes enrolment links only from PUBLIC_URL
   * (never from a request's Host), and refuses to make one without it.
   */
  production: boolean;
  /** Folder with the built web app (vite build). */
  webDir: string;
  /** Seed of the demo catalog. */
  catalogSeed: number;
  /** Skip the demo catalog on an empty database. */
  noCatalog: boolean;
  /** Render the home's first view into its page (needs the dist-ssr/ build). */
  serverRender: boolean;
  /** Serve the machine explorer at /machines in production. */
  machineExplorer: boolean;
  /** Writes allowed per visitor per minute. */
  writeRateLimit: number;
  logLevel: string;
  /** How long computed views shared by all visitors are reused (ms). */
  viewCacheMs: number;
  /** Ad unit put on the viewer's advertisement page. */
  adUnitId: string;
  /** Largest accepted request body (bytes). */
  bodyLimit: number;
  /**
   * Which proxies in front are trusted to name the client (X-Forwarded-For,
   * -Proto, -Host), passed to Fastify's trustProxy: false (none, the default),
   * true (any), a hop count, or addresses/CIDRs ("127.0.0.1,10.0.0.0/8").
   */
  trustProxy: boolean | number | string;
  /** VAPID key pair (base64url) for every node; empty = generated once and kept in the database. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** VAPID `sub` claim (mailto: or https:); empty = PUBLIC_URL, else mailto:push@localhost. */
  vapidSubject: string;
  /**
   * Host suffixes of the push services endpoints may point at (PUSH_ALLOW_HOSTS,
   * comma list; "*.x" = subdomains of x only). Default: FCM, Mozilla, Apple, Windows.
   */
  pushAllowHosts: string[];
  /** Test setting only: also allow plain-HTTP endpoints on loopback (a test push service). */
  pushAllowInsecureLoopback: boolean;
  /** Whether this node sends release notifications (PUSH_WORKER=0: it only claims and queues them). */
  pushWorker: boolean;
  /** Notifications in flight at once per node. */
  pushConcurrency: number;
  /** Tries per subscriber before a retryable failure (429, 5xx, 401/403, network) is given up. */
  pushMaxAttempts: number;
  /** First retry delay (s), doubled per attempt; a push service's Retry-After wins when longer. */
  pushRetrySeconds: number;
  /** A fan-out job held longer than this (s) by a node is taken by another (the holder died). */
  pushJobExpireSeconds: number;
  /** redis://… : rate limits counted in Redis, shared by every node; empty = in this process. */
  redisUrl: string;
  /** New visitor rows (a first write with a new or no token) allowed per client address per minute. */
  newVisitorRateLimit: number;
  /** PostgreSQL connections per node (DB_POOL_SIZE; nodes x this must stay under the server's max_connections). */
  dbPoolSize: number;
  /**
   * OBJECT_STORE_URL: page images and art in an S3-compatible bucket
   * (s3://KEY:SECRET@host[:port]/bucket?region=eu-west-1; s3+http:// for a
   * plain-HTTP endpoint) instead of <dataDir>/img; empty = local files (one machine).
   */
  objectStoreUrl: string;
  /**
   * CDN_PURGE_URL: where a CDN in front takes `PURGE <path>` (http://varnish:6081): a chapter taken down
   * is purged there, and pages are kept there a day (s-maxage); empty = no CDN purged, pages kept 5 minutes.
   */
  cdnPurgeUrl: string;
  /**
   * On PostgreSQL, where nodes tell each other what changed: the longest the
   * catalog snapshot is kept without a notice (ms; its view counts move).
   */
  catalogReloadMs: number;
  /** METRICS_PORT: Prometheus text at /metrics on this port of its own (0: none). */
  metricsPort: number;
  /** METRICS_TOKEN: /metrics on the main port for `Authorization: Bearer <token>` (empty: not there). */
  metricsToken: string;
  /** DRAIN_SECONDS: on SIGTERM, readiness answers 503 this long before the server stops taking requests. */
  drainSeconds: number;
  /** STOP_GRACE_SECONDS: after the drain, how long a stop waits for requests and jobs in flight before it exits anyway. */
  stopGraceSeconds: number;
  /** VIEW_TOKEN_SECRET: the key view tokens are signed with (HMAC-SHA-256); empty = one kept in the database. */
  viewTokenSecret: string;
  /** VIEW_TOKEN_SECRET_PREVIOUS: the key before it, still accepted (set while rotating, for VIEW_TOKEN_OVERLAP_S). */
  viewTokenSecretPrevious: string;
  /** How long a view token opens its chapter's pages (s). */
  viewTokenTtlS: number;
  /** After a key rotation, how long tokens signed with the previous key are still accepted (s). */
  viewTokenOverlapS: number;
  /** A view counts at most once per visitor and chapter in this window (s). */
  viewWindowS: number;
  /** Days a visitor's viewed-chapter rows are kept. */
  /** Days of hourly rollups kept before today (STATS_HOURLY_DAYS); older hours are read from their UTC days (server/stats/compaction.ts). */
  statsHourlyDays: number;
  viewRetentionDays: number;
  /** Counted views allowed per client address per minute (a view over it is served but not counted). */
  viewRateLimit: number;
  /** Buffered views (counted or not) that start a flush before VIEW_FLUSH_MS is over. */
  viewFlushViews: number;
  /** The longest views stay buffered in memory (ms): what a kill -9 may lose, with viewFlushViews. */
  viewFlushMs: number;
  /** A request whose head or body has not arrived within this (ms) is answered 408 and closed. */
  requestTimeoutMs: number;
  /** CONSOLE_IDLE_MINUTES: a console session unused this long ends. */
  consoleIdleMinutes: number;
  /** CONSOLE_SESSION_HOURS: a console session ends this long after sign-in, used or not. */
  consoleSessionHours: number;
  /**
   * CONSOLE_PREVIEW_SECONDS: a chapter's preview link opens the draft this long after it is made
   * (900: 15 minutes). Tests shorten it to see a link expire.
   */
  consolePreviewSeconds: number;
  /** UPLOAD_UNFINISHED_HOURS / UPLOAD_UNPROCESSED_MINUTES: a chapter upload unfinished this long after it began, or finished and not processed this long, is swept (its bytes and row). */
  uploadUnfinishedHours: number;
  uploadUnprocessedMinutes: number;
  /** UPLOAD_MEMBER_QUOTA_MIB / UPLOAD_CHAPTER_QUOTA_MIB: bytes of uploads in flight (begun, not yet processed or swept) one member or one chapter may hold. */
  uploadMemberQuotaBytes: number;
  uploadChapterQuotaBytes: number;
  /**
   * SMTP_URL: where invitation and reset mails go (smtp://user:pass@host:587, smtps://… for TLS from
   * the start); empty = each mail written as an .eml file into DATA_DIR/mail.
   */
  smtpUrl: string;
  /** MAIL_FROM: the mails' sender ("Publisher console <console@example.com>"). */
  mailFrom: string;
}

/** TRUST_PROXY: off/false/0 → none; on/true/yes → any; a number → that many hops; else a list of addresses. */
function trustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (['', '0', 'false', 'no', 'off'].includes(s.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(s.toLowerCase())) return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s;
}

function bool(v: string | undefined, dflt = false): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** A positive number from the environment, or the default when unset or not one. */
function positive(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : dflt;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cfg: Config = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? '',
    maintenance: bool(env.MAINTENANCE),
    regionHeader: (env.REGION_HEADER ?? 'x-client-region').toLowerCase(),
    blockedRegions: (env.BLOCKED_REGIONS ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    webDir: path.resolve(env.WEB_DIR ?? './dist'),
    catalogSeed: Number(env.CATALOG_SEED ?? 20190128),
    noCatalog: bool(env.NO_CATALOG),
    serverRender: bool(env.SERVER_RENDER, true),
    machineExplorer: bool(env.MACHINE_EXPLORER),
    writeRateLimit: Number(env.WRITE_RATE_LIMIT ?? 120),
    logLevel: env.LOG_LEVEL ?? 'info',
    viewCacheMs: Number(env.VIEW_CACHE_MS ?? 5000),
    adUnitId: env.AD_UNIT_ID ?? 'manga-viewer',
    bodyLimit: Number(env.BODY_LIMIT ?? 64 * 1024),
    trustProxy: trustProxy(env.TRUST_PROXY),
    vapidPublicKey: env.VAPID_PUBLIC_KEY ?? '',
    vapidPrivateKey: env.VAPID_PRIVATE_KEY ?? '',
    vapidSubject: env.VAPID_SUBJECT ?? '',
    pushAllowHosts: (env.PUSH_ALLOW_HOSTS ?? 'fcm.googleapis.com,push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    pushAllowInsecureLoopback: bool(env.PUSH_ALLOW_INSECURE_LOOPBACK),
    pushWorker: bool(env.PUSH_WORKER, true),
    pushConcurrency: Math.max(1, Number(env.PUSH_CONCURRENCY ?? 32) || 32),
    pushMaxAttempts: Math.max(1, Number(env.PUSH_MAX_ATTEMPTS ?? 5) || 5),
    pushRetrySeconds: Math.max(1, Number(env.PUSH_RETRY_SECONDS ?? 30) || 30),
    pushJobExpireSeconds: Math.max(1, Number(env.PUSH_JOB_EXPIRE_SECONDS ?? 120) || 120),
    redisUrl: env.REDIS_URL ?? '',
    newVisitorRateLimit: Number(env.NEW_VISITOR_RATE_LIMIT ?? 30),
    dbPoolSize: Math.max(1, Number(env.DB_POOL_SIZE ?? 10) || 10),
    objectStoreUrl: env.OBJECT_STORE_URL ?? '',
    cdnPurgeUrl: (env.CDN_PURGE_URL ?? '').replace(/\/$/, ''),
    catalogReloadMs: Number(env.CATALOG_RELOAD_MS ?? 60_000),
    metricsPort: Number(env.METRICS_PORT ?? 0) || 0,
    metricsToken: env.METRICS_TOKEN ?? '',
    drainSeconds: Math.max(0, Number(env.DRAIN_SECONDS ?? 0) || 0),
    stopGraceSeconds: Math.max(1, Number(env.STOP_GRACE_SECONDS ?? 30) || 30),
    viewTokenSecret: env.VIEW_TOKEN_SECRET ?? '',
    viewTokenSecretPrevious: env.VIEW_TOKEN_SECRET_PREVIOUS ?? '',
    viewTokenTtlS: positive(env.VIEW_TOKEN_TTL_S, 3600),
    viewTokenOverlapS: positive(env.VIEW_TOKEN_OVERLAP_S, 3600),
    viewWindowS: positive(env.VIEW_WINDOW_S, 1800),
    viewRetentionDays: positive(env.VIEW_RETENTION_DAYS, 180),
    statsHourlyDays: Math.max(1, Math.floor(positive(env.STATS_HOURLY_DAYS, 7))),
    viewRateLimit: positive(env.VIEW_RATE_LIMIT, 120),
    viewFlushViews: positive(env.VIEW_FLUSH_VIEWS, 1000),
    viewFlushMs: positive(env.VIEW_FLUSH_MS, 1000),
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS, 60_000),
    consoleIdleMinutes: Math.max(1, Number(env.CONSOLE_IDLE_MINUTES ?? 30) || 30),
    consoleSessionHours: Math.max(1, Number(env.CONSOLE_SESSION_HOURS ?? 12) || 12),
    consolePreviewSeconds: Math.max(1, Math.floor(positive(env.CONSOLE_PREVIEW_SECONDS, 900))),
    uploadUnfinishedHours: positive(env.UPLOAD_UNFINISHED_HOURS, 24),
    uploadUnprocessedMinutes: positive(env.UPLOAD_UNPROCESSED_MINUTES, 60),
    uploadMemberQuotaBytes: positive(env.UPLOAD_MEMBER_QUOTA_MIB, 4096) * 2 ** 20,
    uploadChapterQuotaBytes: positive(env.UPLOAD_CHAPTER_QUOTA_MIB, 2048) * 2 ** 20,
    smtpUrl: (env.SMTP_URL ?? '').trim(),
    mailFrom: (env.MAIL_FROM ?? '').trim() || 'Publisher console <console@localhost>',
  };
  return { ...cfg, ...overrides };
}
