import ELK from 'elkjs/lib/elk.bundled.js';

/**
 * The explorer's ELK layout, off the page's thread: ELK (compiled Java) takes
 * hundreds of milliseconds on the largest machine, which in the page would
 * block input and the live view for as long.
 */
const elk = new ELK();

self.onmessage = (m: MessageEvent<{ id: number; graph: unknown }>) => {
  const { id, graph } = m.data;
  elk.layout(graph as never).then(
    (out) => self.postMessage({ id, out }),
    (e: unknown) => self.postMessage({ id, error: String(e) }),
  );
};
