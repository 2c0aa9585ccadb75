// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusThroughReplace } from './keepFocus';

const markup = (n: number) =>
  `<main>${Array.from({ length: n }, (_, i) => `<a class="title-card" href="/titles/${100 + i}">Title ${i}</a>`).join('')}<a href="/titles/100">again</a></main>`;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the focus through the app's first render over the server's markup", () => {
  afterEach(() => document.body.replaceChildren());

  it('goes to the same link of the new markup when the replacement took it away', async () => {
    const root = document.createElement('div');
    root.innerHTML = markup(4);
    document.body.append(root);
    const stop = keepFocusThroughReplace(root);
    root.querySelectorAll<HTMLElement>('a')[2].focus();
    // The app's render: the same screen, new elements.
    const next = document.createElement('div');
    next.innerHTML = markup(4);
    root.replaceChildren(...next.childNodes);
    await flush();
    expect(document.activeElement?.getAttribute('href')).toBe('/titles/102');
    expect(document.activeElement?.isConnected).toBe(true);
    stop();
  });

  it('tells apart links to the same place by their order', async () => {
    const root = document.createElement('div');
    root.innerHTML = markup(2);
    document.body.append(root);
    keepFocusThroughReplace(root);
    root.querySelector<HTMLElement>('a:last-of-type')!.focus();
    const next = document.createElement('div');
    next.innerHTML = markup(2);
    root.replaceChildren(...next.childNodes);
    await flush();
    expect(document.activeElement?.textContent).toBe('again');
  });

  it('leaves the focus alone when nothing was focused in the markup, or the focus is elsewhere', async () => {
    const root = document.createElement('div');
    root.innerHTML = markup(2);
    const outside = document.createElement('button');
    document.body.append(root, outside);
    keepFocusThroughReplace(root);
    root.querySelector<HTMLElement>('a')!.focus();
    outside.focus();
    root.replaceChildren();
    root.innerHTML = markup(2);
    await flush();
    expect(document.activeElement).toBe(outside);
  });

  it("watches no longer once the markup was replaced (the app's later renders are its own)", async () => {
    const root = document.createElement('div');
    root.innerHTML = markup(2);
    document.body.append(root);
    keepFocusThroughReplace(root);
    root.innerHTML = markup(2);
    await flush();
    root.querySelector<HTMLElement>('a')!.focus();
    root.innerHTML = markup(2);
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
