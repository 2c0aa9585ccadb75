import { assign, setup } from 'xstate';

/**
 * A chapter's page board: the pages in reading order, reordered
 * by drag (a drop is one move) or by keyboard (grab a page, move it a place
 * at a time, each move announced for screen readers, then drop or put it
 * back), pages removed, typed or uploaded in place. Each change is written
 * with the board's version; a refused write puts the board back as it was,
 * a stale one shows the editor what changed until they reload.
 */
export type PageType = 'SINGLE' | 'LEFT' | 'RIGHT' | 'DOUBLE';

export interface BoardPage {
  id: string;
  type: PageType;
}

export interface PageBoardContext {
  pages: BoardPage[];
  /** The order last saved, put back on a cancel or a refused write. */
  saved: BoardPage[];
  version: number;
  grabbed: string | null;
  problem: string | null;
}

export type PageBoardEvent =
  | { type: 'board.loaded'; pages: BoardPage[]; version: number }
  | { type: 'page.grab'; id: string }
  | { type: 'page.move'; by: number }
  | { type: 'page.drop' }
  | { type: 'page.cancel' }
  | { type: 'page.drag'; id: string; to: number }
  | { type: 'page.remove'; id: string }
  | { type: 'page.setType'; id: string; pageType: PageType }
  | { type: 'page.upload'; mode: 'insert' | 'replace'; at: number; file?: unknown }
  | { type: 'save.done'; pages: BoardPage[]; version: number }
  | { type: 'save.failed'; code: string }
  | { type: 'save.conflict' }
  | { type: 'conflict.reload' };

/** The pages with `id` moved to index `to` (clamped to the board). */
export function moveTo(pages: readonly BoardPage[], id: string, to: number): BoardPage[] {
  const from = pages.findIndex((p) => p.id === id);
  if (from < 0) return [...pages];
  const rest = pages.filter((p) => p.id !== id);
  const at = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, at), pages[from], ...rest.slice(at)];
}

const order = (pages: readonly BoardPage[]) => pages.map((p) => p.id);

export const pageBoardMachine = setup({
  types: { context: {} as PageBoardContext, events: {} as PageBoardEvent },
  actions: {
    loadBoard: () => {},
    saveOrder: (_, _p: { order: string[]; version: number }) => {},
    removePage: (_, _p: { id: string; version: number }) => {},
    setPageType: (_, _p: { id: string; pageType: PageType; version: number }) => {},
    uploadPage: (_, _p: { mode: 'insert' | 'replace'; at: number; file: unknown; version: number }) => {},
    announceMove: (_, _p: { id: string; position: number; total: number }) => {},
  },
}).createMachine({
  id: 'consolePageBoard',
  context: { pages: [], saved: [], version: 0, grabbed: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'loadBoard',
      on: {
        'board.loaded': {
          target: 'viewing',
          actions: assign({ pages: ({ event }) => event.pages, saved: ({ event }) => event.pages, version: ({ event }) => event.version }),
        },
      },
    },
    viewing: {
      on: {
        'page.grab': { target: 'moving', actions: assign({ grabbed: ({ event }) => event.id, problem: null }) },
        'page.drag': {
          target: 'saving',
          actions: [
            assign({ pages: ({ context, event }) => moveTo(context.pages, event.id, event.to), problem: null }),
            { type: 'saveOrder', params: ({ context }) => ({ order: order(context.pages), version: context.version }) },
          ],
        },
        'page.remove': {
          target: 'saving',
          actions: [
            assign({ problem: null }),
            { type: 'removePage', params: ({ context, event }) => ({ id: event.id, version: context.version }) },
          ],
        },
        'page.setType': {
          target: 'saving',
          actions: [
            assign({ problem: null }),
            {
              type: 'setPageType',
              params: ({ context, event }) => ({ id: event.id, pageType: event.pageType, version: context.version }),
            },
          ],
        },
        'page.upload': {
          target: 'saving',
          actions: [
            assign({ problem: null }),
            {
              type: 'uploadPage',
              params: ({ context, event }) => ({ mode: event.mode, at: event.at, file: event.file ?? null, version: context.version }),
            },
          ],
        },
      },
    },
    moving: {
      on: {
        'page.move': {
          actions: [
            assign({
              pages: ({ context, event }) => {
                const at = context.pages.findIndex((p) => p.id === context.grabbed);
                return moveTo(context.pages, context.grabbed ?? '', at + event.by);
              },
            }),
            {
              type: 'announceMove',
              params: ({ context }) => ({
                id: context.grabbed ?? '',
                position: context.pages.findIndex((p) => p.id === context.grabbed) + 1,
                total: context.pages.length,
              }),
            },
          ],
        },
        'page.drop': {
          target: 'saving',
          actions: [
            assign({ grabbed: null }),
            { type: 'saveOrder', params: ({ context }) => ({ order: order(context.pages), version: context.version }) },
          ],
        },
        'page.cancel': { target: 'viewing', actions: assign({ pages: ({ context }) => context.saved, grabbed: null }) },
      },
    },
    saving: {
      on: {
        'save.done': {
          target: 'viewing',
          actions: assign({ pages: ({ event }) => event.pages, saved: ({ event }) => event.pages, version: ({ event }) => event.version }),
        },
        'save.failed': {
          target: 'viewing',
          actions: assign({ pages: ({ context }) => context.saved, problem: ({ event }) => event.code }),
        },
        'save.conflict': { target: 'conflict', actions: assign({ pages: ({ context }) => context.saved, problem: 'conflict' }) },
      },
    },
    conflict: {
      on: { 'conflict.reload': { target: 'loading', actions: assign({ problem: null }) } },
    },
  },
});
