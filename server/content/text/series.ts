import { checkedWorks, type SeriesSpec } from './seriesSpec.js';
import works from './works.json' with { type: 'json' };

/** Genre tags (English names, as the tag list shows them) and their slugs. */
export const GENRES: { slug: string; tag: string }[] = [
  { slug: 'action', tag: 'Action' },
  { slug: 'adventure', tag: 'Adventure' },
  { slug: 'comedy', tag: 'Comedy' },
  { slug: 'drama', tag: 'Drama' },
  { slug: 'fantasy', tag: 'Fantasy' },
  { slug: 'romance', tag: 'Romance' },
  { slug: 'sci-fi', tag: 'Sci-Fi' },
  { slug: 'sports', tag: 'Sports' },
  { slug: 'mystery', tag: 'Mystery' },
  { slug: 'horror', tag: 'Horror' },
  { slug: 'slice-of-life', tag: 'Slice of Life' },
  { slug: 'supernatural', tag: 'Supernatural' },
  { slug: 'historical', tag: 'Historical' },
  { slug: 'martial-arts', tag: 'Martial Arts' },
  { slug: 'one-shot', tag: 'One-shot' },
];

/** The demo works (data: works.json). Order matters: ids and notable items follow it. */
export const SERIES: SeriesSpec[] = checkedWorks(
  works,
  GENRES.map((g) => g.slug),
);

/** Author names: Latin, Cyrillic and Thai spellings of the same person. */
export const SURNAMES: [string, string, string][] = [
  ['Tanaka', 'Танака', 'ทานากะ'],
  ['Sato', 'Сато', 'ซาโต้'],
  ['Suzuki', 'Судзуки', 'ซูซูกิ'],
  ['Takahashi', 'Такахаси', 'ทาคาฮาชิ'],
  ['Watanabe', 'Ватанабэ', 'วาตานาเบะ'],
  ['Ito', 'Ито', 'อิโต้'],
  ['Yamamoto', 'Ямамото', 'ยามาโมโตะ'],
  ['Nakamura', 'Накамура', 'นากามูระ'],
  ['Kobayashi', 'Кобаяси', 'โคบายาชิ'],
  ['Kato', 'Като', 'คาโต้'],
  ['Yoshida', 'Ёсида', 'โยชิดะ'],
  ['Yamada', 'Ямада', 'ยามาดะ'],
  ['Sasaki', 'Сасаки', 'ซาซากิ'],
  ['Matsumoto', 'Мацумото', 'มัตสึโมโตะ'],
  ['Inoue', 'Иноуэ', 'อิโนอุเอะ'],
  ['Kimura', 'Кимура', 'คิมูระ'],
  ['Hayashi', 'Хаяси', 'ฮายาชิ'],
  ['Shimizu', 'Симидзу', 'ชิมิซุ'],
];

export const GIVEN_NAMES: [string, string, string][] = [
  ['Haruto', 'Харуто', 'ฮารุโตะ'],
  ['Yuki', 'Юки', 'ยูกิ'],
  ['Ren', 'Рэн', 'เร็น'],
  ['Aoi', 'Аой', 'อาโออิ'],
  ['Sora', 'Сора', 'โซระ'],
  ['Hina', 'Хина', 'ฮินะ'],
  ['Kenji', 'Кэндзи', 'เคนจิ'],
  ['Mei', 'Мэй', 'เมย์'],
  ['Daichi', 'Дайти', 'ไดจิ'],
  ['Riko', 'Рико', 'ริโกะ'],
  ['Takumi', 'Такуми', 'ทาคุมิ'],
  ['Nao', 'Нао', 'นาโอะ'],
  ['Shun', 'Сюн', 'ชุน'],
  ['Akira', 'Акира', 'อากิระ'],
];
