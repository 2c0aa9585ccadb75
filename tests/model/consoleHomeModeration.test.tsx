import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { commentModerationMachine, type CommentModerationContext } from '../../machines/console/commentModerationMachine';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

const member = { id: '7', email: 'mo@example.com', name: 'Mo Moderator', roles: ['moderator'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
const comment = (state: 'visible' | 'hidden' | 'deleted', reason = '') => ({
  id: 41,
  chapterId: 1001,
  titleName: 'Blue Harbour',
  chapterName: '#012',
  userName: 'Rin',
  body: 'The ending is that the captain lies!',
  createdAt: 1_790_000_000,
  likes: 3,
  state,
  reason,
  moderatedAt: reason ? 1_790_000_100 : null,
  moderatedBy: reason ? 'Mo Moderator' : '',
});

/** A comment hidden, restored and deleted with a reason, on the real console's comments screen (scripted API). */
describe('comment moderation (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());
  const row = () => screen.getByRole('article', { name: 'Comment by Rin' });
  const act = (label: string, reason: string) => {
    fireEvent.change(within(row()).getByLabelText("Reason for Rin's comment"), { target: { value: reason } });
    fireEvent.click(within(row()).getByRole('button', { name: label }));
  };
  let lastReason = '';

  it('shown, hiding, hidden, restoring, deleting, deleted; refusals keep the comment as it was', async () => {
    await runUiModel(
      commentModerationMachine,
      {
        name: 'consoleCommentModeration',
        inputs: [{ hidden: false }, { hidden: true }],
        events: [
          { type: 'comment.hide', reason: 'spoiler' },
          { type: 'comment.hide', reason: ' ' },
          { type: 'comment.delete', reason: 'abuse' },
          { type: 'comment.delete', reason: '' },
          { type: 'comment.restore', reason: 'not a spoiler' },
          { type: 'comment.restore', reason: '' },
          { type: 'moderation.done' },
          { type: 'moderation.failed', code: 'conflict' },
        ],
        sequences: [[{ type: 'comment.delete', reason: '' }]],
      },
      (input) => ({
        render: async () => {
          net.pending.length = 0;
          window.history.replaceState(null, '', '/console/comments');
          render(<App clock={manualConsoleClock()} />);
          await net.answer('GET', '/session', 200, session);
          await net.answer('GET', /^\/comments\/chapters/, 200, {
            chapters: [{ chapterId: 1001, titleName: 'Blue Harbour', chapterName: '#012', visible: 1, hidden: 0 }],
          });
          const hidden = (input as { hidden: boolean }).hidden;
          lastReason = hidden ? 'spoiler' : '';
          await net.answer('GET', '/comments?state=visible&sort=newest', 200, {
            comments: [comment(hidden ? 'hidden' : 'visible', lastReason)],
            next: null,
          });
        },
        events: {
          'comment.hide': (e) => act('Hide', e.reason as string),
          'comment.delete': (e) => act('Delete', e.reason as string),
          'comment.restore': (e) => act('Restore', e.reason as string),
          'moderation.done': async () => {
            const p = net.pending.find((x) => x.method === 'POST');
            const verb = p?.path.split('/').pop() ?? '';
            lastReason = (p?.body as { reason: string } | undefined)?.reason ?? '';
            const state = verb === 'hide' ? 'hidden' : verb === 'delete' ? 'deleted' : 'visible';
            await net.answer('POST', /^\/comments\/41\/(hide|delete|restore)$/, 200, comment(state, lastReason));
          },
          'moderation.failed': (e) => net.answer('POST', /^\/comments\/41\//, 409, problem(409, e.code as string)),
        },
        check: (s) => {
          const v = s.value as string;
          const c = s.context as CommentModerationContext;
          const button = (name: string) => within(row()).queryByRole('button', { name });
          const enabled = (name: string) => {
            const b = button(name);
            if (!b || (b as HTMLButtonElement).disabled) throw new Error(`${v}: ${name} is not offered`);
          };
          const disabled = (name: string) => {
            if (!(button(name) as HTMLButtonElement | null)?.disabled) throw new Error(`${v}: ${name} is not held while the request runs`);
          };
          if (v === 'shown') {
            enabled('Hide');
            enabled('Delete');
            if (within(row()).queryByText(/^Hidden:/)) throw new Error('shown but marked hidden');
          } else if (v === 'hiding') disabled('Hide');
          else if (v === 'hidden') {
            enabled('Restore');
            within(row()).getByText(/^Hidden: /);
          } else if (v === 'restoring') disabled('Restore');
          else if (v === 'deleting') disabled('Delete');
          else if (v === 'deleted') {
            within(row()).getByText(/^Deleted: abuse/);
            if (button('Delete')) throw new Error('a deleted comment still offers actions');
          }
          const alert =
            c.problem === 'reason-required' ? 'Give a reason first.' : c.problem === 'conflict' ? /Someone else changed this/ : null;
          if (alert && !within(row()).queryByText(alert)) throw new Error(`${v}: the problem ${c.problem} is not shown`);
        },
      }),
    );
  });
});
