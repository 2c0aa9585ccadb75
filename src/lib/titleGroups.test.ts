import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { Language } from '../../core/gen/manga/v1/common_pb';
import { AllTitlesGroupSchema, TitleSchema, type AllTitlesGroup } from '../../core/gen/manga/v1/title_pb';
import { displayTitle, sortGroups } from './titleGroups';

let id = 1;
/** A group whose hidden original is English and whose Russian title is what a Russian reader sees. */
const group = (english: string, russian: string): AllTitlesGroup =>
  create(AllTitlesGroupSchema, {
    theTitle: english,
    titles: [
      create(TitleSchema, { titleId: id++, name: english, language: Language.ENGLISH }),
      create(TitleSchema, { titleId: id++, name: russian, language: Language.RUSSIAN }),
    ],
  });

const shown = (gs: AllTitlesGroup[], langs: ('en' | 'ru')[]) => gs.map((g) => displayTitle(g, langs)?.name);

describe('sortGroups A to Z (000 §5)', () => {
  const groups = [
    group('Blade of Dawn', 'Клинок рассвета'),
    group('The Cleaner', 'Уборщик'),
    group('Mark', 'Метка'),
    group('Mirror', 'Зеркальный'),
    group('Ёлка', 'Ёлка'),
    group('10 Days', '10 дней'),
    group('#1 Hero', '#1 Герой'),
    group('Zebra', 'Ария'),
  ];

  it('orders by the name the reader sees, as the interface language compares: letters, then digits, then others', () => {
    expect(shown(sortGroups(groups, 'az', ['ru'], 'ru'), ['ru'])).toEqual([
      'Ария',
      'Ёлка',
      'Зеркальный',
      'Клинок рассвета',
      'Метка',
      'Уборщик',
      '10 дней',
      '#1 Герой',
    ]);
  });

  it('Z to A is the same order reversed', () => {
    expect(shown(sortGroups(groups, 'za', ['ru'], 'ru'), ['ru'])).toEqual(shown(sortGroups(groups, 'az', ['ru'], 'ru'), ['ru']).reverse());
  });

  it('an English reader sees the English names in English order', () => {
    expect(shown(sortGroups(groups.slice(0, 4), 'az', ['en'], 'en'), ['en'])).toEqual(['Blade of Dawn', 'Mark', 'Mirror', 'The Cleaner']);
  });
});
