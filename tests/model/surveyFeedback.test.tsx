import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { surveyFormMachine, type SurveyFormContext } from '../../machines/surveyFormMachine';
import { feedbackMachine, type FeedbackContext } from '../../machines/feedbackMachine';
import QuestionnaireScreen from '../../src/screens/questionnaire/QuestionnaireScreen';
import FeedbackScreen from '../../src/screens/feedback/FeedbackScreen';
import { sessionToken } from '../../src/api/client';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';

describe('survey and feedback on the real API', () => {
  const api = useRealApi();
  let gate: Gate | undefined;
  beforeEach(() => loadTestMessages());
  afterEach(() => gate?.uninstall());

  const showSurvey = () => {
    const key = api.catalog.notable.questionnaireKey;
    const { hook } = memoryLocation({ path: `/webview/questionnaire/eng/${key}?os=web&app_ver=1` });
    render(
      <Router hook={hook}>
        <Route path="/webview/questionnaire/:lang/:questionnaire_key">
          <QuestionnaireScreen />
        </Route>
      </Router>,
    );
  };

  it('survey form: loading, answered, form, checks, submitting, submitted, failures', async () => {
    // The demo survey: q1 single required, q2 multi (up to 3) with "other", q3 single with "other", q4 optional.
    const q = (n: number) => screen.getAllByRole('group')[n];
    const row = api.catalog.questionnaires.find((x) => x.lang === 'eng')!;
    const questions = (
      JSON.parse(row.questions) as Array<{
        description: string;
        canSkip?: boolean;
        numberOfChoices?: number;
        selection?: string[];
        hideFreeform?: boolean;
        freeForm?: string;
      }>
    ).map((x) => ({
      description: x.description,
      canSkip: !!x.canSkip,
      numberOfChoices: Math.max(1, x.numberOfChoices ?? 1),
      selection: x.selection ?? [],
      freeForm: x.hideFreeform ? '' : x.freeForm || 'Other',
    }));
    const copy = { subject: row.subject, answeredSubject: row.answered_subject, answeredBody: row.answered_body };
    await runUiModel(
      surveyFormMachine,
      {
        name: 'surveyForm',
        events: [
          { type: 'survey.loaded', questions, answered: false, copy },
          { type: 'survey.loaded', questions, answered: true, copy },
          { type: 'survey.failed', message: 'x' },
          { type: 'answer.choose', q: 0, value: 'A friend' },
          { type: 'answer.toggle', q: 1, value: 'Action' },
          { type: 'answer.freeToggle', q: 1 },
          { type: 'answer.freeText', q: 1, text: 'Horror' },
          { type: 'form.submit' },
          { type: 'submit.done' },
          { type: 'submit.failed', message: 'x' },
          { type: 'submit.alreadyAnswered' },
        ],
        sequences: [
          [
            { type: 'survey.loaded', questions, answered: false, copy },
            { type: 'answer.choose', q: 0, value: 'A friend' },
            { type: 'answer.toggle', q: 1, value: 'Action' },
            { type: 'answer.toggle', q: 1, value: 'Romance' },
            { type: 'answer.toggle', q: 1, value: 'Comedy' },
            { type: 'answer.freeToggle', q: 1 },
            { type: 'answer.freeText', q: 1, text: 'Horror' },
            { type: 'answer.toggle', q: 1, value: 'Comedy' },
            { type: 'answer.freeToggle', q: 2 },
            { type: 'answer.freeText', q: 2, text: 'E-reader' },
            { type: 'form.submit' },
            { type: 'submit.failed', message: 'x' },
            { type: 'form.submit' },
            { type: 'submit.done' },
          ],
          [
            { type: 'survey.loaded', questions, answered: false, copy },
            { type: 'answer.choose', q: 0, value: 'A friend' },
            { type: 'answer.toggle', q: 1, value: 'Action' },
            { type: 'answer.choose', q: 2, value: 'Phone' },
            { type: 'form.submit' },
            { type: 'submit.alreadyAnswered' },
          ],
        ],
      },
      () => ({
        render: () => {
          gate?.uninstall();
          gate = installGate(/\/api\/questionnaire/);
          showSurvey();
        },
        events: {
          'survey.loaded': async (e) => {
            if (e.answered) {
              // This visitor has already answered: store an answer through the API first.
              const key = api.catalog.notable.questionnaireKey;
              await api.app.inject({
                method: 'PUT',
                url: `/api/questionnaire?questionnaire_key=${key}&lang=eng`,
                headers: { 'session-token': sessionToken() },
                payload: { q1: 'A friend', q2: ['Action'], q3: 'Phone' },
              });
            }
            await gate!.release('pass');
          },
          'survey.failed': () => gate!.release('fail'),
          'answer.choose': (e) => fireEvent.click(within(q(e.q as number)).getByRole('radio', { name: e.value as string })),
          'answer.toggle': (e) => fireEvent.click(within(q(e.q as number)).getByRole('checkbox', { name: e.value as string })),
          'answer.freeToggle': (e) =>
            fireEvent.click(within(q(e.q as number)).getByRole(e.q === 1 ? 'checkbox' : 'radio', { name: 'Other' })),
          'answer.freeText': (e) => fireEvent.change(within(q(e.q as number)).getByRole('textbox'), { target: { value: e.text } }),
          'form.submit': () => {
            // Fill the required questions if the path has not (the submit needs a valid form).
            if (screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled) {
              fireEvent.click(within(q(0)).getByRole('radio', { name: 'Social media' }));
              fireEvent.click(within(q(1)).getByRole('checkbox', { name: 'Fantasy' }));
              fireEvent.click(within(q(2)).getByRole('radio', { name: 'Phone' }));
            }
            fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
          },
          'submit.done': () => gate!.release('pass'),
          'submit.failed': () => gate!.release('fail'),
          'submit.alreadyAnswered': async () => {
            const key = api.catalog.notable.questionnaireKey;
            await api.app.inject({
              method: 'PUT',
              url: `/api/questionnaire?questionnaire_key=${key}&lang=eng`,
              headers: { 'session-token': sessionToken() },
              payload: { q1: 'A friend', q2: ['Action'], q3: 'Phone' },
            });
            await gate!.release('pass');
          },
        },
        check: (s) => {
          const c = s.context as SurveyFormContext;
          if (s.value === 'loading') return void expect(screen.getByRole('status').textContent).toBe('LOADING');
          const main = document.querySelector<HTMLElement>('[data-screen="questionnaire"]')!;
          if (s.value === 'failed') expect(within(main).getByRole('alert').textContent).not.toBe('');
          // While the answers are sent the form stays, its submit button waiting.
          if (s.value === 'form' || s.value === 'submitting')
            expect(main.querySelector('button[type="submit"]')!.getAttribute('aria-busy')).toBe(String(s.value === 'submitting'));
          if (s.value === 'answered') expect(main.textContent).toMatch(/already/i);
          if (s.value === 'submitted') expect(main.textContent).toContain('Survey completed!');
          if (s.value === 'form') {
            const groups = screen.getAllByRole('group');
            expect(groups.length).toBe(c.questions.length);
            c.answers.forEach((a, i) => {
              for (const choice of a.choices)
                expect(
                  within(groups[i]).getByRole<HTMLInputElement>(c.questions[i].numberOfChoices > 1 ? 'checkbox' : 'radio', {
                    name: choice,
                  }).checked,
                ).toBe(true);
              const box = within(groups[i]).queryByRole<HTMLTextAreaElement>('textbox');
              if (box) {
                expect(box.disabled).toBe(!a.freeOn);
                expect(box.value).toBe(a.freeText);
              }
            });
          }
        },
      }),
    );
  });

  it('the multi-choice limit shows its message and blocks the submit', async () => {
    showSurvey();
    const group = (await screen.findAllByRole('group'))[1];
    for (const n of ['Action', 'Romance', 'Comedy', 'Fantasy']) fireEvent.click(within(group).getByRole('checkbox', { name: n }));
    expect(within(group).getByRole('alert').textContent).toBe('please answer up to 3 answers.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
  });

  it('"Other" ticked and empty: not "Please choose the answer." but a request for the text; the legend reads "Required (up to 3)" once', async () => {
    showSurvey();
    const group = (await screen.findAllByRole('group'))[1];
    expect(group.querySelector('legend')!.textContent).toBe('2. Which genres do you read? Required (up to 3)');
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Other' }));
    expect(within(group).getByRole('alert').textContent).toBe('Please write your answer in the box.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
    fireEvent.change(within(group).getByRole('textbox'), { target: { value: 'Horror' } });
    expect(within(group).queryByRole('alert')).toBe(null);
    // Unticked, the text is cleared and the question is unanswered again.
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Other' }));
    expect(within(group).getByRole('alert').textContent).toBe('Please choose the answer.');
  });

  it('feedback form: type, message, send, failure, submitted', async () => {
    await runUiModel(
      feedbackMachine,
      {
        name: 'feedback',
        events: [
          { type: 'type.set', value: 'suggestion' },
          { type: 'message.change', value: 'Great reader' },
          { type: 'form.send' },
          { type: 'send.done' },
          { type: 'send.failed' },
          { type: 'failure.dismiss' },
        ],
        sequences: [
          [
            { type: 'message.change', value: 'Hi' },
            { type: 'type.set', value: 'suggestion' },
            { type: 'form.send' },
            { type: 'send.failed' },
            { type: 'failure.dismiss' },
            { type: 'form.send' },
            { type: 'send.failed' },
            { type: 'message.change', value: 'Hi again' },
            { type: 'form.send' },
            { type: 'send.done' },
          ],
        ],
      },
      () => ({
        render: () => {
          gate?.uninstall();
          gate = installGate(/\/api\/web\/contact/);
          const { hook } = memoryLocation({ path: '/feedback' });
          render(
            <Router hook={hook}>
              <FeedbackScreen />
            </Router>,
          );
        },
        events: {
          'type.set': (e) =>
            fireEvent.click(screen.getByRole('radio', { name: e.value === 'suggestion' ? 'Suggestion' : 'Report a problem' })),
          'message.change': (e) => fireEvent.change(screen.getByRole('textbox'), { target: { value: e.value } }),
          'form.send': () => fireEvent.click(screen.getByRole('button', { name: 'Send' })),
          'send.done': () => gate!.release('pass'),
          'send.failed': () => gate!.release('fail'),
          'failure.dismiss': () =>
            fireEvent.click(
              within(screen.getByRole('alertdialog', { name: 'Error! Please wait a moment' })).getByRole('button', { name: 'OK' }),
            ),
        },
        check: (s) => {
          const c = s.context as FeedbackContext;
          const main = document.querySelector('[data-screen="feedback"]')!;
          // While it is sent the Send button waits, saying LOADING.
          if (s.value !== 'submitted') {
            const send = main.querySelector<HTMLButtonElement>('button[type="submit"]')!;
            expect(send.textContent).toBe(s.value === 'sending' ? 'LOADING' : 'Send');
            expect(send.getAttribute('aria-busy')).toBe(String(s.value === 'sending'));
          }
          if (s.value === 'submitted') return void expect(main.textContent).toContain('Your feedback was successfully sent.');
          expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe(c.message);
          expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Suggestion' }).checked).toBe(c.type === 'suggestion');
          // A failure is the app's alert dialog (001 §8), not inline text.
          expect(!!screen.queryByRole('alertdialog', { name: 'Error! Please wait a moment' })).toBe(c.failed);
          if (s.value === 'form')
            expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(c.message.trim() === '');
        },
      }),
    );
    const rows = await api.db.selectFrom('contacts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
