import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { DateClock } from '../../../core/clock';
import type { Chapter } from '../../../core/console/schemas/catalog';
import { uploadQueueMachine } from '../../../machines/console/uploadQueueMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { useLatest } from '../../ui/machineEffects';
import { useCatalogEnv, type UploadPrefs } from './env';
import { followJob } from './job';
import type { ChapterUploader } from './uploader';
import { processUploads } from './chapterApi';

type Latest = { readonly current: { chapter: Chapter; onChapter: (c: Chapter) => void } };
/** The upload's transport and the job's poll, once made. */
type Transport = { current: { uploader: ChapterUploader | null; stopJob: () => void } };

/** The upload queue machine's effects: the transport driven, the finished uploads processed, the job followed to its end. */
function provideQueue(latest: Latest, transport: Transport, clock: DateClock, prefs: UploadPrefs) {
  return uploadQueueMachine.provide({
    actions: {
      saveConfirm: (_, p) => prefs.setConfirmFirst(p.confirm),
      startUpload: () => transport.current.uploader?.start(),
      cancelUpload: () => transport.current.uploader?.cancel(),
      retryUpload: () => transport.current.uploader?.retry(),
      removeFile: (_, p) => transport.current.uploader?.remove(p.id),
      startProcessing: ({ self }, p) => {
        processUploads(latest.current.chapter, p.uploads).then(
          (answer) => {
            latest.current.onChapter(answer);
            self.send({ type: 'processing.progress', done: answer.job.done, total: answer.job.total });
          },
          (e: unknown) => self.send({ type: 'processing.failed', code: problemCode(e) }),
        );
      },
      watchProcessing: ({ self }) => {
        transport.current.stopJob = followJob(clock, latest.current.chapter.id, {
          progress: (done, total) => self.send({ type: 'processing.progress', done, total }),
          done: (c) => {
            latest.current.onChapter(c);
            self.send({ type: 'processing.done' });
          },
          failed: (code) => self.send({ type: 'processing.failed', code }),
        });
      },
      stopWatching: () => transport.current.stopJob(),
    },
  });
}

/** Queues files on the transport; what it took goes to the machine. */
function queueOn(
  u: ChapterUploader,
  files: File[],
  queueActor: { send(e: { type: 'files.add'; files: ReturnType<ChapterUploader['add']> }): void },
) {
  const queued = u.add(files);
  if (queued.length) queueActor.send({ type: 'files.add', files: queued });
}

/**
 * The chapter upload (machines/console/uploadQueueMachine.ts) with the real
 * transport (the catalog environment's uploader, its events told to the
 * machine) and calls, the confirm setting read from and saved to this
 * device. `add` queues the files picked or dropped (sent at once unless the
 * member keeps the confirm step).
 */
export function useUploadQueue(chapter: Chapter, onChapter: (c: Chapter) => void) {
  const env = useCatalogEnv();
  const latest = useLatest({ chapter, onChapter });
  const transport: Transport = useRef({ uploader: null, stopJob: () => {} });
  const waiting = useRef<File[]>([]);
  // eslint-disable-next-line react-hooks/refs -- the effects read `transport` when the machine runs them (on events), never while rendering
  const machine = useMemo(() => provideQueue(latest, transport, env.clock, env.uploadPrefs), [latest, env.clock, env.uploadPrefs]);
  const [snap, send, actor] = useMachine(machine, { inspect, input: { confirmFirst: env.uploadPrefs.confirmFirst() } });
  useEffect(() => {
    const u = env.makeUploader(chapter.id, {
      progress: (id, sent) => actor.send({ type: 'file.progress', id, sent }),
      sent: (id, uploadId) => actor.send({ type: 'file.sent', id, uploadId }),
      failed: (id, code) => actor.send({ type: 'file.failed', id, code }),
      complete: () => actor.send({ type: 'upload.complete' }),
      offline: () => actor.send({ type: 'connection.lost' }),
      online: () => actor.send({ type: 'connection.back' }),
    });
    transport.current.uploader = u;
    // Files dropped before the transport was made (its effect runs after the panel is on screen).
    const early = waiting.current.splice(0);
    if (early.length) queueOn(u, early, actor);
    return () => u.close();
  }, [actor, chapter.id, env]);
  const add = (files: File[]) => {
    const u = transport.current.uploader;
    if (u) queueOn(u, files, actor);
    else waiting.current.push(...files);
  };
  return { snap, send, add };
}
