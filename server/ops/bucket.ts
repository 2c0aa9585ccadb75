import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { objectStoreAddress } from '../images/blobs.js';

/** A bucket's objects under a prefix as a backup sees them: the image store's (OBJECT_STORE_URL), or a backup's own destination. */
export interface Bucket {
  /** Writes every object under the store's prefix into dir (by key); how many. */
  download(dir: string): Promise<number>;
  /** Puts every file of dir into the store (key = its path; `last` names files put after all others); how many. */
  upload(dir: string, opts?: { contentType?: string; last?: readonly string[] }): Promise<number>;
  isEmpty(): Promise<boolean>;
  /** Deletes every object under the store's prefix (a failed backup's partial copy). */
  clear(): Promise<void>;
}

/** The bucket (and key prefix) of OBJECT_STORE_URL. */
export function bucketObjects(url: string): Bucket {
  const { settings, bucket, prefix } = objectStoreAddress(url);
  const client = new S3Client(settings);
  async function* keys(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return {
    async download(dir) {
      let n = 0;
      for await (const key of keys()) {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const file = path.join(dir, ...key.slice(prefix.length).split('/'));
        if (!file.startsWith(dir + path.sep)) throw new Error(`backup: object key ${key} leaves the folder`);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(file, await r.Body!.transformToByteArray());
        n++;
      }
      return n;
    },
    async upload(dir, { contentType = 'image/webp', last = [] } = {}) {
      let n = 0;
      if (!fs.existsSync(dir)) return 0;
      const files = (await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort((a, b) => Number(last.includes(a)) - Number(last.includes(b)));
      for (const rel of files) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: prefix + rel,
            Body: await fs.promises.readFile(path.join(dir, rel)),
            ContentType: contentType,
          }),
        );
        n++;
      }
      return n;
    },
    async isEmpty() {
      // The first page only (no MaxKeys: s3rver, the test suite's bucket, fails to make a continuation token under Node 20's OpenSSL).
      for await (const _key of keys()) return false;
      return true;
    },
    async clear() {
      // One by one: every S3-compatible server has DeleteObject, not all take the checksums DeleteObjects needs.
      for await (const key of keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** A backup destination or source that is a bucket (s3:// or s3+http://, as OBJECT_STORE_URL) rather than a folder. */
export const isBucketUrl = (s: string): boolean => /^s3(\+http)?:\/\//i.test(s);
