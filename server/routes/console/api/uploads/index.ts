import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { firstUse } from '../../../../lib/firstUse.js';
import { UPLOAD_LIMITS } from '../../../../../core/console/schemas/catalog.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { ConsoleProblem, problems } from '../../../../console/problems.js';
import { uploads } from '../../../../console/catalog/uploads.js';

/**
 * Chapter uploads, resumable (tus 1.0.0 through @tus/server and its file
 * store under <dataDir>/uploads), inside the console scope: the staff
 * session or token, the CSRF header and the editor role apply to every tus
 * request before it reaches the tus server (answered on the raw response).
 * An upload names its chapter (Upload-Metadata chapterId, filename); a
 * chapter that is gone or no longer a draft takes no more bytes.
 */

/**
 * The member who starts an upload, by request: set by the POST route after
 * its checks, read by tus's hook on the Node request under tus's own
 * (srvx's `runtime.node.req`). Nothing a client sends decides it.
 */
const startedBy = new WeakMap<IncomingMessage, number | null>();
const memberOf = (req: unknown): number | null => {
  const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return (raw && startedBy.get(raw)) ?? null;
};

/** tus's Upload-Metadata: "key base64,key2 base64". */
function metadataOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split(' ');
    if (k) out[k] = v ? Buffer.from(v, 'base64').toString('utf8') : '';
  }
  return out;
}

const route = routeModule((app) => {
  const dir = app.catalog.uploadDir;
  // Made when the first upload comes, its folder first (FileStore's own mkdir runs later in a callback that throws
  // out of the process where it fails, and raced a test removing its data folder). The tus modules load then too:
  // about 4.7 MB of heap that a node serving only readers would otherwise carry.
  // A server that could not be made (its modules, its folder) is answered as a failure and tried again next time.
  const tus = firstUse(async () => {
    const [{ Server }, { FileStore }] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    /** tus's file store, its files (the bytes, tus's note of them) this process's user's only: 0600 in a 0700 folder. */
    class PrivateFileStore extends FileStore {
      override async create(file: Parameters<InstanceType<typeof FileStore>['create']>[0]) {
        const made = await super.create(file);
        for (const f of [file.id, `${file.id}.json`]) await fs.promises.chmod(path.join(dir, f), 0o600);
        return made;
      }
    }
    return new Server({
      path: '/console/api/uploads',
      relativeLocation: true,
      datastore: new PrivateFileStore({ directory: dir }),
      maxSize: UPLOAD_LIMITS.maxUploadBytes,
      async onUploadCreate(req, upload) {
        const m = upload.metadata ?? {};
        await uploads.created(consoleCtx(app), {
          id: upload.id,
          chapterId: Number(m.chapterId),
          memberId: memberOf(req),
          filename: String(m.filename),
          size: upload.size ?? 0,
        });
        return {};
      },
      async onUploadFinish(_req, upload) {
        await uploads.finished(consoleCtx(app), upload.id);
        return {};
      },
    });
  });
  // The body stays a stream: tus reads it.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handOver = async (req: FastifyRequest, reply: FastifyReply) => {
    const server = await tus.get();
    reply.hijack();
    await server.handle(req.raw, reply.raw);
  };

  handle(app, 'POST /uploads', async (req, reply) => {
    const m = metadataOf(req.headers['upload-metadata'] as string | undefined);
    const chapterId = Number(m.chapterId);
    if (!Number.isInteger(chapterId) || chapterId < 1 || !m.filename || m.filename.length > 255)
      throw problems.validation([{ path: '/headers/upload-metadata', message: 'needs chapterId and filename' }]);
    if (!(await uploads.chapterIsDraft(consoleCtx(app), chapterId)))
      throw problems.gone('This chapter was deleted or is no longer a draft.');
    const length = Number(req.headers['upload-length'] ?? NaN);
    if (!Number.isFinite(length) || length < 0) throw problems.validation([{ path: '/headers/upload-length', message: 'is required' }]);
    if (length === 0) throw new ConsoleProblem(400, 'empty-file', 'Empty file', `${m.filename} is empty (0 bytes).`);
    if (length > UPLOAD_LIMITS.maxUploadBytes)
      throw new ConsoleProblem(
        413,
        'upload-too-large',
        'File too large',
        `${m.filename} is over ${UPLOAD_LIMITS.maxUploadBytes / 2 ** 20} MiB.`,
      );
    const memberId = actorOf(req).memberId;
    await uploads.checkQuota(consoleCtx(app), app.config, { chapterId, memberId, length });
    startedBy.set(req.raw, memberId);
    return handOver(req, reply);
  });

  // An upload whose chapter is gone (deleted, released) takes nothing more, and its bytes go.
  // HEAD (where an interrupted upload stands) is the PATCH's read: the same access.
  handle(
    app,
    'PATCH /uploads/:id',
    async (req, reply) => {
      await uploads.checkKnown(consoleCtx(app), dir, req.params.id);
      if (req.method === 'PATCH')
        await uploads.checkFits(
          consoleCtx(app),
          dir,
          req.params.id,
          Number(req.headers['upload-offset'] ?? NaN),
          Number(req.headers['content-length'] ?? NaN),
        );
      return handOver(req, reply);
    },
    { alsoHead: true },
  );
  handle(app, 'DELETE /uploads/:id', async (req, reply) => {
    await uploads.checkKnown(consoleCtx(app), dir, req.params.id);
    await uploads.cancelled(consoleCtx(app), req.params.id);
    return handOver(req, reply);
  });
});
export default route;
