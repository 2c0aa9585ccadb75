import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { searchTextMachine } from '../../machines/searchTextMachine';
import { t } from '../i18n';
import { inspect } from '../../web/inspector';
import './SearchBox.css';

/** The keyword a results URL carries (/search_result?keyword=). */
export function keywordOf(search: string): string {
  return new URLSearchParams(search).get('keyword') ?? '';
}

let lastKeyword = '';

/**
 * The search box (header, and reusable by the search page). Submitting a
 * non-empty text goes to /search_result?keyword=…; an empty submit keeps
 * the stored text and does nothing.
 */
/** Forgets the last searched keyword (a new visit; tests start each path from it). */
export function forgetLastKeyword(): void {
  lastKeyword = '';
}

function rememberKeyword(keyword: string): void {
  lastKeyword = keyword;
}

export function SearchBox({ className }: { className?: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  // Made once per mount, not at each render of the shell (every navigation): wouter's navigate is stable.
  const [machine] = useState(() =>
    searchTextMachine.provide({
      actions: {
        goToResults: (_, { keyword }) => {
          rememberKeyword(keyword);
          navigate(`/search_result?keyword=${encodeURIComponent(keyword)}`);
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { stored: keywordOf(search) || lastKeyword }, inspect });
  const urlKeyword = keywordOf(search);
  useEffect(() => {
    if (urlKeyword) {
      rememberKeyword(urlKeyword);
      send({ type: 'text.sync', value: urlKeyword });
    }
  }, [urlKeyword, send]);

  return (
    <form
      role="search"
      className={`search-box ${className ?? ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'text.submit' });
      }}
    >
      <input
        type="search"
        name="keyword"
        value={state.context.draft}
        placeholder={t('common.searchPlaceholder')}
        aria-label={t('common.searchLabel')}
        onChange={(e) => send({ type: 'text.change', value: e.target.value })}
        maxLength={200}
      />
      <button type="submit" className="icon-button search-box__submit" aria-label={t('common.searchSubmit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
