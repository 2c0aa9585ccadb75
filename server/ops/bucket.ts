import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { parseObjectStoreUrl } from '../images/blobs.js';

/** The object store's images as a backup sees them (server/ops/backup.ts). */
export interface Bucket {
  /** Writes every object under the store's prefix into dir (by key); how many. */
  download(dir: string): Promise<number>;
  /** Puts every file of dir into the store (key = its path); how many. */
  upload(dir: string): Promise<number>;
  isEmpty(): Promise<boolean>;
}

/** The bucket (and key prefix) of OBJECT_STORE_URL. */
export function bucketObjects(url: string): Bucket {
  const { client, bucket, prefix } = parseObjectStoreUrl(url);
  async function* keys(max?: number): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, ...(max ? { MaxKeys: max } : {}) }),
      );
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
    async upload(dir) {
      let n = 0;
      if (!fs.existsSync(dir)) return 0;
      for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = prefix + path.relative(dir, file).split(path.sep).join('/');
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: await fs.promises.readFile(file), ContentType: 'image/webp' }),
        );
        n++;
      }
      return n;
    },
    async isEmpty() {
      for await (const _key of keys(1)) return false;
      return true;
    },
  };
}
