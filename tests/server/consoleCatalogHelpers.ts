import zlibSync from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';

/** Test helpers: pages as images, and tus uploads through the console API. */
export const page = (width: number, height: number, shade = 120, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: shade, g: 200 - (shade % 100), b: 90 } } })
    [format]()
    .toBuffer();

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Starts a tus upload; its id (or the answer when refused). */
export async function tusCreate(app: FastifyInstance, cookie: string, chapterId: number, filename: string, length: number) {
  const r = await app.inject({
    method: 'POST',
    url: '/console/api/uploads',
    headers: {
      cookie: `console_session=${cookie}`,
      'x-console-request': '1',
      origin: 'http://localhost',
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `chapterId ${b64(String(chapterId))},filename ${b64(filename)}`,
    },
  });
  const location = String(r.headers.location ?? '');
  return { status: r.statusCode, id: location.split('/').pop() ?? '', location, body: r.body };
}

export async function tusPatch(app: FastifyInstance, cookie: string, id: string, offset: number, data: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: `/console/api/uploads/${id}`,
    headers: {
      cookie: `console_session=${cookie}`,
      'x-console-request': '1',
      origin: 'http://localhost',
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
}

export async function tusHead(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({
    method: 'HEAD',
    url: `/console/api/uploads/${id}`,
    headers: { cookie: `console_session=${cookie}`, 'tus-resumable': '1.0.0' },
  });
}

/** A whole file in one PATCH; its upload id. */
export async function upload(app: FastifyInstance, cookie: string, chapterId: number, filename: string, data: Buffer): Promise<string> {
  const c = await tusCreate(app, cookie, chapterId, filename, data.length);
  if (c.status !== 201) throw new Error(`tus create: ${c.status} ${c.body}`);
  const p = await tusPatch(app, cookie, c.id, 0, data);
  if (p.statusCode !== 204) throw new Error(`tus patch: ${p.statusCode} ${p.body}`);
  return c.id;
}

/** Every file under a folder (what a failed step must not leave behind). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

interface ZipEntry {
  name: string;
  data: Buffer;
  encrypted?: boolean;
  declaredSize?: number;
  /** Already deflated (a bomb made in pieces, see `deflatedFill`): `data` is not used. */
  deflated?: { body: Buffer; crc: number; size: number };
}

/**
 * `size` bytes, `head` then zeros, deflated a MiB at a time: an 896 MiB page
 * of zeros is some 900 KB made without ever holding the 896 MiB.
 */
export async function deflatedFill(size: number, head: Buffer = Buffer.alloc(0)): Promise<{ body: Buffer; crc: number; size: number }> {
  const deflate = zlibSync.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(2 ** 20);
  let crc = zlibSync.crc32(head);
  deflate.write(head);
  for (let left = size - head.length; left > 0; left -= zeros.length) {
    const piece = left >= zeros.length ? zeros : zeros.subarray(0, left);
    crc = zlibSync.crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { body: Buffer.concat(out), crc, size };
}

/**
 * A stored (uncompressed) zip written by hand, so a test can make the bad
 * ones: an encrypted flag, a declared size far over the real one (a bomb's
 * header), a name climbing out.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const { crc32, deflateRawSync } = zlibSync;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const flags = e.encrypted ? 1 : 0;
    const crc = e.deflated?.crc ?? crc32(e.data);
    const size = e.declaredSize ?? e.deflated?.size ?? e.data.length;
    // An encrypted entry starts with its 12-byte encryption header (stored size = data + 12).
    // A declared size (a bomb's header) needs deflate: a stored entry's two sizes must agree.
    const method = e.declaredSize !== undefined || e.deflated ? 8 : 0;
    const body = e.deflated?.body ?? (method === 8 ? deflateRawSync(e.data) : e.data);
    const stored = e.encrypted ? Buffer.concat([Buffer.alloc(12, 7), body]) : body;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
