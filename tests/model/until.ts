/**
 * Waits for `ok`, bounded: it looks every 10 ms and gives up after `tries` looks (3000: at least
 * 30 s, more on a loaded machine), failing with what it waited for. Vitest's time limit is not
 * relied on, so a wait that cannot end says why instead of hanging the run.
 */
export async function until(ok: () => boolean, what: string, tries = 3000): Promise<void> {
  for (let i = 0; !ok(); i++) {
    if (i >= tries) throw new Error(`waited in vain for ${what} (${tries} looks, 10 ms apart)`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
