import type { ColumnType, Generated } from 'kysely';

/** A cover test (migration 0024_cover_tests). */
export interface CoverTestTable {
  id: Generated<number>;
  title_id: number;
  /** 'portrait' | 'landscape': the title column tested; 'banner': a banner's image (migration 0025). */
  slot: string;
  /** The banner tested (slot 'banner'), else 0. */
  banner_id: ColumnType<number, number | undefined, number>;
  /** 'draft' | 'running' | 'ended' */
  state: string;
  /** JSON array of the variants' image URLs. */
  images: string;
  starts_at: number;
  ends_at: number;
  /** The winning variant (−1: none). */
  winner: number;
  /** '' | 'editor' | 'period' */
  ended_by: string;
  version: number;
  created_at: number;
}
