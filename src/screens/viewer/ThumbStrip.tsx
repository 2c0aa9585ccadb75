import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { ThumbEntry } from '../../../core/viewer/pageThumbs';
import { thumbStripMachine } from '../../../machines/thumbStripMachine';
import { inspect } from '../../../web/inspector';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import type { ThumbSheets } from '../../viewer/thumbSheets';
import { pagesLabel, SpreadPictures } from './PageThumbs';

interface Props {
  sheets: ThumbSheets;
  entries: ThumbEntry[];
  /** The spread the reader is at. */
  index: number;
  rtl: boolean;
  onGoto: (slot: number) => void;
}

/** The entry of the spread at `index`: the last one at or before it (the first when none is). */
function entryAt(entries: readonly ThumbEntry[], index: number): number {
  let k = 0;
  entries.forEach((e, i) => {
    if (e.slot <= index) k = i;
  });
  return k;
}

/**
 * The footer's button for the strip of every page (thumbStripMachine) and
 * the strip: a dialog listing each spread's pictures and numbers in reading
 * order, the reader's own marked; arrow keys (in reading direction), Home and
 * End move, Enter or a click jumps there (onGoto) and closes it.
 */
export function ThumbStrip({ sheets, entries, index, rtl, onGoto }: Props) {
  // (The chapter's sheets stay for this strip's life: the footer keys it by its chapter.)
  const [state, send] = useMachine(
    thumbStripMachine.provide({
      actions: {
        loadThumbs: ({ self }, { sheet }) => {
          sheets.retry(sheet).then(
            () => self.send({ type: 'strip.loaded' }),
            () => self.send({ type: 'strip.failed' }),
          );
        },
      },
    }),
    { inspect },
  );
  const open = !state.matches('closed');
  return (
    <>
      <button
        type="button"
        className="viewer__icon"
        onClick={() => send({ type: 'strip.open', sheet: sheets.page(entries[entryAt(entries, index)]?.pages[0] ?? 1)?.sheet ?? 0 })}
        aria-haspopup="dialog"
        aria-label={t('thumbs.open')}
        data-testid="thumbs-button"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M3 3h8v8H3zm10 0h8v8h-8zM3 13h8v8H3zm10 0h8v8h-8z" />
        </svg>
      </button>
      <Modal open={open} onClose={() => send({ type: 'strip.close' })} title={t('thumbs.title')} className="thumbs">
        {state.matches('loading') && (
          <p className="thumbs__note" role="status">
            {t('thumbs.loading')}
          </p>
        )}
        {state.matches('failed') && (
          <p className="thumbs__note" role="alert">
            {t('thumbs.failed')}{' '}
            <button type="button" className="button" onClick={() => send({ type: 'strip.retry' })}>
              {t('thumbs.retry')}
            </button>
          </p>
        )}
        {open && (
          <ThumbGrid
            sheets={sheets}
            entries={entries}
            index={index}
            rtl={rtl}
            onJump={(slot) => {
              onGoto(slot);
              send({ type: 'strip.jump', slot });
            }}
          />
        )}
      </Modal>
    </>
  );
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Every entry as a button; one of them in the Tab order (the focused one), the reader's own focused first. */
function ThumbGrid({ sheets, entries, index, rtl, onJump }: Omit<Props, 'onGoto'> & { onJump: (slot: number) => void }) {
  const [focus, setFocus] = useState(() => entryAt(entries, index));
  const list = useRef<HTMLUListElement>(null);
  const move = (k: number) => {
    const next = Math.max(0, Math.min(entries.length - 1, k));
    setFocus(next);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  // After the dialog has put the focus on itself: on the reader's own page.
  useEffect(() => queueMicrotask(() => move(entryAt(entries, index))), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the strip opens
  const onKey = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    let k: number | undefined;
    if (step !== undefined) k = focus + (rtl && (e.key === 'ArrowLeft' || e.key === 'ArrowRight') ? -step : step);
    else if (e.key === 'Home') k = 0;
    else if (e.key === 'End') k = entries.length - 1;
    if (k === undefined) return;
    // Not the viewer's keys too (it pages on arrows).
    e.preventDefault();
    e.stopPropagation();
    move(k);
  };
  const current = entryAt(entries, index);
  return (
    <ul className="thumbs__grid" ref={list} dir={rtl ? 'rtl' : 'ltr'} onKeyDown={onKey} data-testid="thumbs-grid">
      {entries.map((e, k) => (
        <li key={e.slot}>
          <button
            type="button"
            className="thumbs__entry"
            tabIndex={k === focus ? 0 : -1}
            aria-current={k === current ? 'page' : undefined}
            data-slot={e.slot}
            onFocus={() => setFocus(k)}
            onClick={() => onJump(e.slot)}
          >
            <SpreadPictures sheets={sheets} pages={e.pages} rtl={rtl} lazy />
            <span>{pagesLabel(e.pages)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
