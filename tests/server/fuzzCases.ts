import net from 'node:net';

/** Issue 28's cases for the fuzz test (tests/server/fuzz.test.ts): image names and slow bodies. */

/** Ways to spell an id that are not its one spelling (server/images/ids.ts). */
const SPELLINGS: ((id: number, pick: (n: number) => number) => string)[] = [
  (id, p) => `${'0'.repeat(1 + p(4))}${id}`,
  (id) => `0x${id.toString(16)}`,
  (id) => `0o${id.toString(8)}`,
  (id) => `0b${id.toString(2)}`,
  (id) => `${id}.0`,
  (id) => `${id / 100}e2`,
  (id) => `+${id}`,
  (id) => ` ${id}`,
  (id) => `${'0'.repeat(260 + (id % 50))}${id}`,
  (id) => `${id}${'9'.repeat(20)}`,
  (id) => `${id}%00`,
];

/** Image paths with an id: their kind, an existing id of the fixture catalog, and the rest. */
const IMAGES: [string, number, string][] = [
  ['title', 101, '/portrait.webp'],
  ['title', 201, '/landscape.webp'],
  ['chapter', 1007, '/thumb.webp'],
  ['icon', 3, '.webp'],
  ['page', 1007, '/0/low.webp'],
];

/** A seeded image name: canonical (ok) or another spelling of an existing image's id, or an unknown name. */
export function imageName(int: (n: number) => number): { url: string; canonical: boolean } {
  const [kind, id, rest] = IMAGES[int(IMAGES.length)];
  const roll = int(6);
  if (roll === 0) return { url: `/img/${kind}/${id}${rest}`, canonical: true };
  if (roll === 1) {
    const bad = ['constructor', '__proto__', 'toString', 'PORTRAIT', 'x'.repeat(300), 'portrait.webp'];
    return { url: `/img/title/${id}/${bad[int(bad.length)]}.webp`, canonical: false };
  }
  return { url: `/img/${kind}/${SPELLINGS[int(SPELLINGS.length)](id, int)}${rest}`, canonical: false };
}

/**
 * Sends a head announcing a body of `length` bytes and only `sent` of them,
 * then waits (at most `waitMs`) for the server to answer and close: the
 * status it answered (0: none), and whether it closed.
 */
export function slowBody(
  port: number,
  path: string,
  length: number,
  sent: number,
  waitMs: number,
): Promise<{ status: number; closed: boolean }> {
  const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
  return stalled(port, `${head}${'{'.repeat(sent)}`, waitMs);
}

/** Sends these bytes and nothing more, then waits as slowBody does. */
export async function stalled(port: number, text: string, waitMs: number): Promise<{ status: number; closed: boolean }> {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
  const closed = await new Promise<boolean>((resolve) => {
    const give = setTimeout(() => resolve(false), waitMs);
    socket.on('close', () => {
      clearTimeout(give);
      resolve(true);
    });
    socket.on('error', () => {});
    socket.write(text);
  });
  socket.destroy();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), closed };
}
