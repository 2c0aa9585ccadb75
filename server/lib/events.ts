import { EventEmitter } from 'node:events';

/**
 * This process's chapter events: 'published' ({ chapterId, titleId }) when a
 * chapter is published, here or (through server/cluster/notices.ts) on any
 * node of the deployment.
 */
export const chapterEvents = new EventEmitter();
