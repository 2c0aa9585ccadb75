import { EventEmitter } from 'node:events';
export const chapterEvents = new EventEmitter();
