/** The fixture catalog's ids and times (tests/server/fixtures.ts). */
export const DAY = 86_400;
export const HOUR = 3_600;
export const T = { bladeEn: 101, bladeEs: 102, catsEn: 201, catsFr: 203, zero: 301, eagleEs: 402 } as const;
export const S = { blade: 1, cats: 2, zero: 3, eagle: 4 } as const;
export const KEY_HEX = 'a1b2c3d4e5f60718';
