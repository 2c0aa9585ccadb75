import type { Generated } from 'kysely';

/** Tables of the console's catalog (migration 0012_catalog). */
export interface ConsoleChapterTable {
  /** The chapter's id, the same in `chapters` once it is scheduled. */
  id: number;
  title_id: number;
  name: string;
  sub_title: string;
  /** console_pages.id of the thumbnail (0: the first page). */
  thumbnail_page: number;
  /** 'draft' | 'scheduled' | 'live' | 'down' */
  state: string;
  /** Reading order among the title's chapters, given when first scheduled (0 before). */
  seq: number;
  start_ts: number;
  end_ts: number;
  version: number;
  created_at: number;
  /** 'idle' | 'queued' | 'running' | 'done' | 'failed' */
  job_state: string;
  /** JSON ProcessRequest of the queued job. */
  job_request: string;
  job_done: number;
  job_total: number;
  /** JSON { code, detail } of a failed job, else ''. */
  job_error: string;
  /** Until when (s) the node running the job holds it: past it, another node takes it over. */
  job_lease: number;
  /** JSON of the `chapters` row while taken down (restored as it was: views, notification sent). */
  kept_row: string;
}

/** A page of a console chapter's board; its images are in the blob store at page/d<chapter>/<id>/. */
export interface ConsolePageTable {
  id: Generated<number>;
  chapter_id: number;
  position: number;
  /** PageType. */
  type: number;
  suggest_double: number;
  /** At the "high" quality. */
  width: number;
  height: number;
  encryption_key: string;
  name: string;
  /** The folder of its images under page/d<chapter>/ (random: a new image is a new folder). */
  blob: string;
}

/** A tus upload for a chapter (its bytes in <dataDir>/uploads/<id>). */
export interface ConsoleUploadTable {
  id: string;
  chapter_id: number;
  filename: string;
  size: number;
  finished: number;
  created_at: number;
  /** The member who started it (null: a token, or made before 0021). */
  member_id: number | null;
  /** When its last byte came (null: unfinished, or finished before 0021). */
  finished_at: number | null;
}

/** A staff preview link of a chapter (only its SHA-256 is kept). */
export interface ConsolePreviewTable {
  token_hash: string;
  chapter_id: number;
  member_id: number;
  expires_at: number;
}
