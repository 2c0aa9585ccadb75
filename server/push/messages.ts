import { byService, DEFAULT_LANGUAGE } from '../../core/languages.js';

/**
 * Notification text per service language (the subscriber's `lang`):
 * the title is the manga's name, the body names the new chapter.
 */
const BODY: Record<string, (chapter: string) => string> = {
  eng: (c) => `New chapter: ${c}`,
  esp: (c) => `Nuevo capítulo: ${c}`,
  fra: (c) => `Nouveau chapitre : ${c}`,
  ind: (c) => `Chapter baru: ${c}`,
  ptb: (c) => `Novo capítulo: ${c}`,
  rus: (c) => `Новая глава: ${c}`,
  tha: (c) => `ตอนใหม่: ${c}`,
  deu: (c) => `Neues Kapitel: ${c}`,
  vie: (c) => `Chương mới: ${c}`,
};

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  lang: string;
  /** BCP-47 tag of the text (the notification's lang). */
  locale: string;
  chapterId: number;
  titleId: number;
}

export function releaseMessage(lang: string, titleName: string, chapterName: string, chapterId: number, titleId: number): PushMessage {
  const l = BODY[lang] ? lang : 'eng';
  const locale = (byService(l) ?? DEFAULT_LANGUAGE).locale;
  return { title: titleName, body: BODY[l](chapterName), url: `/viewer/${chapterId}`, lang: l, locale, chapterId, titleId };
}
