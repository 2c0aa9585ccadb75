import type { Announcement, Lang, NewAnnouncement, NewNews, News } from '../../../core/console/schemas/home';

/** Announcements and publisher news share one editor: what differs is named here. */
export type TextKind = 'announcements' | 'news';
export type TextItem = (Announcement | News) & { title?: string; subject?: string; publisherId?: number; actionUrl?: string };

export const headingOf = (x: TextItem) => x.title ?? x.subject ?? '';

/** The fields a write sends (the server's New and Patch shapes), per kind. */
const commonBody = (f: TextForm) => ({ language: f.language as Lang, body: f.body, publishAt: f.publishAt ?? 0, status: f.status });
export const newsBody = (f: TextForm): NewNews => ({
  ...commonBody(f),
  subject: f.heading,
  publisherId: f.publisherId,
  actionUrl: f.actionUrl,
});
export const announcementBody = (f: TextForm): NewAnnouncement => ({ ...commonBody(f), title: f.heading });

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
