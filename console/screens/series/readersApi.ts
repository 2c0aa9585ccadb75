/**
 * The calls of what readers see of a series (core/console/routes/catalog.ts):
 * publishing its drafts as coming soon, and taking it back to draft. Each
 * carries the series' version the editor read.
 */
import type { Series } from '../../../core/console/schemas/catalog';
import { call } from '../../api/call';

type At = Pick<Series, 'id' | 'version'>;

export const publishSoon = (s: At, soonAt: number, soonText: string) =>
  call('POST /series/:id/publish', { params: { id: s.id }, body: { soonAt, soonText, version: s.version } });

export const backToDraft = (s: At) => call('POST /series/:id/unpublish', { params: { id: s.id }, body: { version: s.version } });
