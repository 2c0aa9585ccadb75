import type { Announcement, News } from '../../../core/console/schemas/home';

/** Announcements and publisher news share one editor: what differs is named here. */
export type TextKind = 'announcements' | 'news';
export type TextItem = (Announcement | News) & { title?: string; subject?: string; publisherId?: number; actionUrl?: string };

export const headingOf = (x: TextItem) => x.title ?? x.subject ?? '';
export const listKey = (kind: TextKind) => (kind === 'news' ? 'news' : 'announcements');

/** The fields a write sends (the server's New and Patch shapes). */
export function writeBody(kind: TextKind, f: TextForm): Record<string, unknown> {
  const common = { language: f.language, body: f.body, publishAt: f.publishAt ?? 0, status: f.status };
  return kind === 'news'
    ? { ...common, subject: f.heading, publisherId: f.publisherId, actionUrl: f.actionUrl }
    : { ...common, title: f.heading };
}

export interface TextForm {
  language: string;
  heading: string;
  body: string;
  publishAt: number | null;
  status: 'draft' | 'published';
  publisherId: number;
  actionUrl: string;
}

export const formOf = (x: TextItem | null, language: string, publisherId: number): TextForm =>
  x
    ? {
        language: x.language,
        heading: headingOf(x),
        body: x.body,
        publishAt: x.publishAt,
        status: x.status,
        publisherId: x.publisherId ?? publisherId,
        actionUrl: x.actionUrl ?? '',
      }
    : { language, heading: '', body: '', publishAt: null, status: 'draft', publisherId, actionUrl: '' };
