/**
 * npm run import -- <folder|file.cbz|file.zip> --title <id> --chapter "#015" [options]
 * Adds a chapter from image files (see server/catalog/import.ts). --help lists every option.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { systemClock } from '../lib/clock.js';
import { importChapter } from '../catalog/import.js';
import { ImportError } from '../catalog/pageProblem.js';

const HELP = `Usage: npm run import -- <source> [options]

Adds a chapter to a title from a folder of images or a .cbz/.zip archive.
Pages are taken in natural file-name order (2.jpg before 10.jpg); landscape
images become DOUBLE spreads; each page is resized to low/high/super_high
(480/960/1440 px wide, twice for spreads), WebP-encoded and encrypted with
its own key. Nothing is written unless everything succeeds.

Source
  <source>                 folder of images, or a .cbz / .zip archive

Title (one of)
  --title <id>             an existing title id
  --name <text>            a new title: its name
  --author <text>          a new title: its author
  --language <code>        a new title: en es fr id th pt ru de vi
  --overview <text>        a new title: its overview (optional)

Chapter
  --chapter <name>         chapter name, e.g. "#015" (required; unique within the title)
  --subtitle <text>        chapter subtitle
  --start <date|now>       when it becomes readable (ISO date/time; default now)
  --end <date>             when it stops being readable (default never)
  --vertical-only          read only in vertical mode
  --horizontal-only        read only in horizontal mode

Environment
  DATA_DIR, DATABASE_URL   the same database and image folder the server uses

  -h, --help               this text
`;

function when(s: string | undefined, flag: string): number | undefined {
  if (s === undefined || s === 'now') return undefined;
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new ImportError(`${flag} "${s}" is not a date (use e.g. 2026-12-01T10:00:00Z)`);
  return Math.floor(t / 1000);
}

/** The command line's options (HELP tells them). */
const OPTIONS = {
  title: { type: 'string' },
  name: { type: 'string' },
  author: { type: 'string' },
  language: { type: 'string' },
  overview: { type: 'string' },
  chapter: { type: 'string' },
  subtitle: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  'vertical-only': { type: 'boolean' },
  'horizontal-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (e) {
    console.error(`import: ${(e as Error).message}\n\n${HELP}`);
    return 2;
  }
  const v = args.values;
  if (v.help) {
    console.log(HELP);
    return 0;
  }
  if (args.positionals.length !== 1) {
    console.error(`import: give exactly one source (folder or archive)\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig();
  const { db, close } = await openDb(config);
  const bar = new cliProgress.SingleBar(
    { format: 'importing |{bar}| {value}/{total} pages', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  try {
    if (v.title !== undefined && !/^\d+$/.test(v.title)) throw new ImportError(`--title "${v.title}" is not a title id`);
    const res = await importChapter(db, systemClock, {
      source: args.positionals[0],
      ...(v.title !== undefined ? { titleId: Number(v.title) } : {}),
      ...(v.title === undefined && (v.name || v.author || v.language)
        ? {
            newTitle: {
              name: v.name ?? '',
              author: v.author ?? '',
              language: v.language ?? '',
              ...(v.overview ? { overview: v.overview } : {}),
            },
          }
        : {}),
      chapterName: v.chapter ?? '',
      ...(v.subtitle ? { subTitle: v.subtitle } : {}),
      ...(when(v.start, '--start') !== undefined ? { start: when(v.start, '--start')! } : {}),
      ...(when(v.end, '--end') !== undefined ? { end: when(v.end, '--end')! } : {}),
      verticalOnly: !!v['vertical-only'],
      horizontalOnly: !!v['horizontal-only'],
      dataDir: config.dataDir,
      objectStoreUrl: config.objectStoreUrl,
      onProgress: (done, total) => {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.update(done);
      },
    });
    if (started) bar.stop();
    console.log(`imported chapter ${res.chapterId} into title ${res.titleId}: ${res.pages} pages (${res.doubles} double spreads)`);
    return 0;
  } catch (e) {
    if (started) bar.stop();
    console.error(`import failed: ${e instanceof ImportError ? e.message : (e as Error).stack}`);
    console.error('nothing was written.');
    return 1;
  } finally {
    await close();
  }
}

process.exitCode = await main();
