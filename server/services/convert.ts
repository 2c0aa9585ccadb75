import { create } from '@bufbuild/protobuf';
import {
  BannerSchema,
  PopupSchema,
  LabelSchema,
  LabelCode,
  type Banner,
  type Popup,
  type Label,
} from '../../core/gen/manga/v1/common_pb.js';
import { TitleSchema, ChapterSchema, Chapter_ChapterType, type Title, type Chapter } from '../../core/gen/manga/v1/title_pb.js';
import { parseJson, type BannerRow, type PopupRow } from '../repos/promo.js';
import { bannerUrlIn } from '../images/assets.js';
import { languageOrDefault } from '../../core/languages.js';
import type { TitleRow } from '../repos/catalog.js';
import type { ChapterRow } from '../repos/chapters.js';

/** Database rows to protobuf messages. */

export function titleMsg(t: TitleRow): Title {
  return create(TitleSchema, {
    titleId: t.id,
    name: t.name,
    author: t.author,
    portraitImageUrl: t.portrait_image_url,
    landscapeImageUrl: t.landscape_image_url,
    viewCount: t.view_count,
    language: t.language,
    titleUpdateStatus: t.update_status,
    favoriteImageUrl: t.favorite_image_url,
  });
}

/**
 * How a chapter may be read, as the mobile clients read it (Chapter 11 and 16):
 * a chapter readable now (started, not ended) is free to everyone; one no
 * longer readable is behind the series' plan (standard or deluxe), which no
 * visitor of ours has (every Subscription answers "basic"): clients then do
 * not ask for it. `now` in seconds; none: the access fields are left out.
 */
function chapterAccess(c: ChapterRow, now: number, planType: string): { viewedForFree: boolean; chapterType: Chapter_ChapterType } {
  const free = c.start_ts <= now && (c.end_ts === 0 || c.end_ts > now);
  if (free) return { viewedForFree: true, chapterType: Chapter_ChapterType.FREE };
  return { viewedForFree: false, chapterType: planType === 'deluxe' ? Chapter_ChapterType.DELUXE : Chapter_ChapterType.STANDARD };
}

export function chapterMsg(
  c: ChapterRow,
  extra: { commentCount?: number; viewed?: boolean; access?: { now: number; planType: string } } = {},
): Chapter {
  return create(ChapterSchema, {
    ...(extra.access ? chapterAccess(c, extra.access.now, extra.access.planType) : {}),
    titleId: c.title_id,
    chapterId: c.id,
    name: c.name,
    subTitle: c.sub_title,
    thumbnailUrl: c.thumbnail_url,
    startTimeStamp: c.start_ts,
    endTimeStamp: c.end_ts,
    alreadyViewed: extra.viewed ?? false,
    isVerticalOnly: c.is_vertical_only === 1,
    chapterTicketEndtime: c.ticket_end,
    isHorizontalOnly: c.is_horizontal_only === 1,
    viewCount: c.view_count,
    commentCount: extra.commentCount ?? 0,
  });
}

export function bannerMsg(b: BannerRow): Banner {
  return bannerWith(b, b.image_url);
}

function bannerWith(b: BannerRow, imageUrl: string): Banner {
  return create(BannerSchema, {
    imageUrl,
    action: { method: b.action_method, url: b.action_url },
    id: b.id,
    width: b.width,
    height: b.height,
    isPr: b.is_pr === 1,
  });
}

/**
 * bannerMsg for a view in one language: the image uploaded for that language
 *, else a drawn banner of every language gets its art in that language. A
 * banner under test shows the visitor's variant instead (`tested`), in
 * every language.
 */
export const bannerIn =
  (language: number, tested: (bannerId: number) => string | undefined = () => undefined) =>
  (b: BannerRow): Banner => {
    const variant = tested(b.id);
    if (variant) return bannerWith(b, variant);
    const short = languageOrDefault(language).short;
    const own = parseJson<Record<string, string>>(b.images, {})[short];
    return bannerWith(b, own ?? (b.language < 0 ? bannerUrlIn(b.image_url, short) : b.image_url));
  };

export function popupMsg(p: PopupRow): Popup {
  const action = { method: p.action_method, url: p.action_url };
  const data =
    p.kind === 'one_image'
      ? ({ case: 'oneImage', value: { action, imageUrl: p.image_url } } as const)
      : p.kind === 'os_default'
        ? ({ case: 'osDefault', value: { subject: p.subject, body: p.body, okButton: { text: 'OK', action } } } as const)
        : ({ case: 'appDefault', value: { subject: p.subject, body: p.body, action, imageUrl: p.image_url } } as const);
  return create(PopupSchema, { popupId: p.id, data });
}

/** Publisher label names, as the public label list shows them. */
const LABEL_NAMES: Record<number, string> = {
  [LabelCode.WJ]: 'Weekly Shonen Jump',
  [LabelCode.SQ]: 'Jump SQ',
  [LabelCode.VJ]: 'V Jump',
  [LabelCode.YJ]: 'Weekly Young Jump',
  [LabelCode.J_PLUS]: 'Shonen Jump+',
  [LabelCode.REVIVAL]: 'Revival',
  [LabelCode.CREATORS]: 'MANGA Plus Creators',
  [LabelCode.MEE]: 'Manga Mee',
  [LabelCode.TYJ]: 'Tonari no Young Jump',
  [LabelCode.OTHERS]: 'Others',
  [LabelCode.SKJ]: 'Saikyo Jump',
  [LabelCode.GIGA]: 'Jump GIGA',
  [LabelCode.UJ]: 'Ultra Jump',
  [LabelCode.DX]: 'Dash X Comic',
};

export function labelMsg(code: number): Label {
  return create(LabelSchema, { label: code, description: LABEL_NAMES[code] ?? '' });
}

/** The display name of a series: its English title, else its first language title. */
export function seriesName(titles: TitleRow[]): string {
  return (titles.find((t) => t.language === 0) ?? titles[0])?.name ?? '';
}
