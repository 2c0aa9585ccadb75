import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Where page images and art are kept, by the path of their URL under /img/
 * ("page/12/0/high.webp", "title/100001/portrait.webp"): files under
 * <dataDir>/img (one machine, the default), or an S3-compatible bucket
 * (OBJECT_STORE_URL) that every node of a deployment shares.
 */
export interface Blobs {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a prepared folder to prefix, replacing what was there (the importer's pages). */
  putFolder(dir: string, prefix: string): Promise<void>;
  /** Removes everything under prefix/ (a draft's pages that are no more: issue 31). */
  removeFolder(prefix: string): Promise<void>;
}

/** Writes a file so that readers never see half of it. */
function writeAtomic(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/** Files under root. */
function localBlobs(root: string): Blobs {
  return {
    async get(key) {
      try {
        return await fs.promises.readFile(path.join(root, key));
      } catch {
        return undefined;
      }
    },
    put(key, data) {
      writeAtomic(path.join(root, key), data);
      return Promise.resolve();
    },
    putFolder(dir, prefix) {
      const dest = path.join(root, prefix);
      fs.rmSync(dest, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.renameSync(dir, dest);
      return Promise.resolve();
    },
    removeFolder(prefix) {
      fs.rmSync(path.join(root, prefix), { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** Uploads at once while the importer moves a chapter to the bucket. */
const UPLOADS = 8;

/**
 * OBJECT_STORE_URL, s3://ACCESS_KEY:SECRET@host[:port]/bucket?region=…
 * (s3+http:// for a plain-HTTP endpoint): the client, the bucket, and a
 * key prefix (path segments after the bucket). Path-style requests (every
 * S3-compatible server takes them).
 */
export function parseObjectStoreUrl(url: string): { client: S3Client; bucket: string; prefix: string } {
  const u = new URL(url);
  if (u.protocol !== 's3:' && u.protocol !== 's3+http:')
    throw new Error(`OBJECT_STORE_URL: s3:// or s3+http:// expected, not ${u.protocol}`);
  const [bucket = '', ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('OBJECT_STORE_URL: no bucket (s3://KEY:SECRET@host/bucket)');
  const client = new S3Client({
    endpoint: `${u.protocol === 's3:' ? 'https' : 'http'}://${u.host}`,
    region: u.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: true,
    ...(u.username
      ? { credentials: { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) } }
      : {}),
    // Checksums only where S3 requires them (not every S3-compatible server knows the newer ones).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, bucket, prefix: rest.map((s) => `${s}/`).join('') };
}

function s3Blobs(url: string): Blobs {
  const { client, bucket, prefix } = parseObjectStoreUrl(url);
  const put = async (key: string, data: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: data, ContentType: 'image/webp' }));
  };
  return {
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : undefined;
      } catch (e) {
        const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return undefined;
        throw e;
      }
    },
    put,
    async putFolder(dir, dest) {
      const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const f = files[next++];
          await put(`${dest}/${f.split(path.sep).join('/')}`, fs.readFileSync(path.join(dir, f)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOADS, files.length) }, worker));
    },
    async removeFolder(dest) {
      for (;;) {
        const list = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${dest}/`, MaxKeys: 1000 }));
        const keys = (list.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
        if (!list.IsTruncated) return;
      }
    },
  };
}

/** The image store of a configuration: the bucket of OBJECT_STORE_URL, else <dataDir>/img. */
export function imageBlobs(config: { dataDir: string; objectStoreUrl: string }): Blobs {
  return config.objectStoreUrl ? s3Blobs(config.objectStoreUrl) : localBlobs(path.join(config.dataDir, 'img'));
}
