import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { commentSortMachine } from '../../machines/commentSortMachine';
import { commentLikeMachine } from '../../machines/commentLikeMachine';
import CommentsScreen from '../../src/screens/comments/CommentsScreen';
import { Route } from 'wouter';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';
import { sessionToken } from '../../src/api/client';
import { abbreviateCount } from '../../src/lib/counts';

describe('comments screen: sort and like machines on the real API', () => {
  const api = useRealApi();
  beforeEach(() => loadTestMessages());

  // The chapter of the catalog with the most comments.
  const chapterWithComments = () => {
    const counts = new Map<number, number>();
    for (const c of api.catalog.comments) counts.set(c.chapter_id, (counts.get(c.chapter_id) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  };
  const show = (chapterId: number) => {
    const { hook } = memoryLocation({ path: `/comments/${chapterId}` });
    render(
      <Router hook={hook}>
        <Route path="/comments/:id">
          <CommentsScreen />
        </Route>
      </Router>,
    );
  };
  const likesShown = () => [...document.querySelectorAll('.comment')].map((li) => Number(li.getAttribute('data-comment-id')));

  it('sort: Likes by default, Latest, and back', async () => {
    const ch = chapterWithComments();
    const rows = api.catalog.comments.filter((c) => c.chapter_id === ch);
    const byLikes = [...rows].sort((a, b) => b.base_likes - a.base_likes || b.created - a.created || b.id - a.id).map((c) => c.id);
    const byDate = [...rows].sort((a, b) => b.created - a.created || b.id - a.id).map((c) => c.id);
    await runUiModel(commentSortMachine, { name: 'commentSort', simple: true }, () => ({
      render: () => show(ch),
      events: {
        'sort.latest': () => fireEvent.click(screen.getByRole('tab', { name: 'Latest' })),
        'sort.likes': () => fireEvent.click(screen.getByRole('tab', { name: 'Likes' })),
      },
      check: (s) => {
        const list = document.querySelector('.comment-list')!;
        expect(list.getAttribute('data-sort')).toBe(String(s.value));
        expect(likesShown()).toEqual(s.value === 'latest' ? byDate : byLikes);
      },
    }));
  });

  it('a browser language that is no language tag ("C"): the comments show, dated in the interface locale', async () => {
    const lang = vi.spyOn(navigator, 'language', 'get').mockReturnValue('C');
    try {
      const ch = chapterWithComments();
      const first = api.catalog.comments.find((c) => c.chapter_id === ch)!;
      show(ch);
      await screen.findAllByRole('tab');
      expect(likesShown().length).toBe(api.catalog.comments.filter((c) => c.chapter_id === ch).length);
      const date = document.querySelector(`[data-comment-id="${first.id}"] .comment__date`)!;
      expect(date.textContent).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'short' }).format(new Date(first.created * 1000)));
    } finally {
      lang.mockRestore();
    }
  });

  it('names the like button with its count, pluralised: "1, Unlike (1 like)", "Like (n likes)"', async () => {
    // A comment nobody liked, away from the chapter the like paths use; this visitor likes it: one like.
    const busy = chapterWithComments();
    const none = api.catalog.comments.find((c) => c.base_likes === 0 && c.chapter_id !== busy)!;
    const r = await api.app.inject({
      method: 'PUT',
      url: `/api/comment_like?comment_id=${none.id}`,
      headers: { 'session-token': sessionToken() },
    });
    expect(r.statusCode).toBe(200);
    show(none.chapter_id);
    await screen.findAllByRole('tab');
    const item = document.querySelector(`[data-comment-id="${none.id}"]`) as HTMLElement;
    expect(within(item).getByRole('button').getAttribute('aria-label')).toBe('1, Unlike (1 like)');
    expect(within(item).getByRole('button', { name: '1, Unlike (1 like)' })).toBeTruthy();
    // The others: "likes" from two on (and for none), the visible count first.
    const others = api.catalog.comments.filter((c) => c.chapter_id === none.chapter_id && c.id !== none.id);
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) {
      const button = within(document.querySelector(`[data-comment-id="${c.id}"]`) as HTMLElement).getByRole('button');
      const n = new Intl.NumberFormat('en').format(c.base_likes);
      expect(button.getAttribute('aria-label')).toBe(`${abbreviateCount(c.base_likes)}, Like (${n} like${c.base_likes === 1 ? '' : 's'})`);
    }
  });

  describe('like', () => {
    let gate: Gate;
    beforeEach(() => {
      gate = installGate(/\/api\/comment_like/);
    });
    afterEach(() => gate.uninstall());

    it('like and unlike move the count by one; a failure keeps it', async () => {
      const ch = chapterWithComments();
      // A comment with few likes, so the count shown moves visibly.
      const top = [...api.catalog.comments.filter((c) => c.chapter_id === ch)].sort((a, b) => a.base_likes - b.base_likes)[0];
      const item = () => document.querySelector(`[data-comment-id="${top.id}"]`) as HTMLElement;
      let shownAtStart = 0;
      expect(top.base_likes).toBeLessThan(900);
      await runUiModel(
        commentLikeMachine,
        {
          name: 'commentLike',
          inputs: [
            { liked: false, likes: top.base_likes },
            { liked: true, likes: top.base_likes + 1 },
          ],
          simple: true,
          events: [{ type: 'like.toggle' }, { type: 'like.done' }, { type: 'like.failed' }],
        },
        (input) => ({
          render: async () => {
            // Each path is a new visitor (storage cleared); "liked" paths like it first through the API.
            if ((input as { liked: boolean }).liked) {
              const r = await api.app.inject({
                method: 'PUT',
                url: `/api/comment_like?comment_id=${top.id}`,
                headers: { 'session-token': sessionToken() },
              });
              expect(r.statusCode).toBe(200);
            }
            show(ch);
            await screen.findAllByRole('tab');
            // Other paths' visitors may have liked it too: the count moves from what is shown now.
            shownAtStart = Number(item().querySelector('.comment__likes')!.textContent);
          },
          events: {
            'like.toggle': () => fireEvent.click(within(item()).getByRole('button')),
            'like.done': () => gate.release('pass'),
            'like.failed': () => gate.release('fail'),
          },
          check: (s) => {
            const c = s.context as { liked: boolean; likes: number; error: boolean };
            // The like button waits (disabled) while the call runs.
            expect(within(item()).getByRole<HTMLButtonElement>('button').disabled).toBe(s.value === 'liking' || s.value === 'unliking');
            expect(within(item()).getByRole('button').getAttribute('aria-pressed')).toBe(String(c.liked));
            expect(!!within(item()).queryByRole('alert')).toBe(c.error);
            const inputLikes = (input as { likes: number }).likes;
            expect(item().querySelector('.comment__likes')!.textContent).toBe(abbreviateCount(shownAtStart + c.likes - inputLikes));
          },
        }),
      );
    });
  });
});
