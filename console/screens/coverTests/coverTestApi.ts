/**
 * The cover test screens' calls (core/console/routes/coverTests.ts): the
 * test as it is now, a variant's upload, its start, its end with a winner,
 * its discarding. Every write carries the version the editor read.
 */
import type { CoverTest, CoverTestCreate } from '../../../core/console/schemas/coverTests';
import { call, callFile } from '../../api/call';

type At = Pick<CoverTest, 'id' | 'version'>;

export const readTest = (id: number) => call('GET /cover-tests/:id', { params: { id } });

/** A draft of a title's image ({ titleId, slot }) or of a home banner's ({ bannerId, slot: 'banner' }). */
export const makeTest = (body: CoverTestCreate) => call('POST /cover-tests', { body });

export const addVariant = (t: At, file: Blob) =>
  callFile('POST /cover-tests/:id/images', { params: { id: t.id }, query: { version: t.version } }, file);

export const startTest = (t: At, days: number) =>
  call('PUT /cover-tests/:id/start', { params: { id: t.id }, body: { days, version: t.version } });

export const endTest = (t: At, winner: number) =>
  call('POST /cover-tests/:id/end', { params: { id: t.id }, body: { winner, version: t.version } });

export const discardTest = (t: At) => call('POST /cover-tests/:id/discard', { params: { id: t.id }, body: { version: t.version } });
