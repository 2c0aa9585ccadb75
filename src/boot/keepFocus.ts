/**
 * Over the server's markup, the app's first render replaces it (startApp.tsx):
 * a reader who moved the focus into that markup meanwhile (a keyboard reader
 * tabbing while the app loads) would find it gone to the page's body, and
 * their next Enter doing nothing. Until that replacement, the last element
 * focused inside the root is remembered by what it is (its tag, its link or
 * label, its place among its likes); once the markup is replaced with the
 * focus lost, the same element of the app's markup takes it.
 */

interface Focused {
  el: Element;
  /** Its kind: tag, and the attribute telling such elements apart (a link's href, a control's name or label). */
  kind: { tag: string; attr: string | null; value: string | null };
  /** Its place among the elements of its kind. */
  index: number;
}

const TELLING = ['href', 'name', 'aria-label', 'data-testid'];

function kindOf(el: Element): Focused['kind'] {
  const tag = el.tagName;
  const attr = TELLING.find((a) => el.hasAttribute(a)) ?? null;
  return { tag, attr, value: attr && el.getAttribute(attr) };
}

/** The elements of a kind under root, in document order. */
function ofKind(root: Element, k: Focused['kind']): Element[] {
  return [...root.getElementsByTagName(k.tag)].filter((e) => (k.attr ? e.getAttribute(k.attr) === k.value : true));
}

/** Watches `root` until its children first change (the markup replaced); returns a stop. */
export function keepFocusThroughReplace(root: HTMLElement, doc: Document = document): () => void {
  let last: Focused | null = null;
  const note = (el: EventTarget | null) => {
    if (!(el instanceof Element) || el === root || !root.contains(el)) return;
    const kind = kindOf(el);
    last = { el, kind, index: ofKind(root, kind).indexOf(el) };
  };
  const onFocus = (e: FocusEvent) => note(e.target);
  // (Focused before this ran: the app's code loads after the markup is on screen.)
  note(doc.activeElement);
  // The first change of the root's children is the app's render replacing the markup (it clears
  // and fills the root in one commit): watched no longer after it.
  const observer = new MutationObserver(() => {
    stop();
    if (!last || last.el.isConnected) return;
    const lost = !doc.activeElement || doc.activeElement === doc.body || !doc.activeElement.isConnected;
    const again = ofKind(root, last.kind)[last.index];
    if (lost && again instanceof HTMLElement) again.focus({ preventScroll: true });
  });
  const stop = () => {
    root.removeEventListener('focusin', onFocus);
    observer.disconnect();
  };
  root.addEventListener('focusin', onFocus);
  observer.observe(root, { childList: true });
  return stop;
}
