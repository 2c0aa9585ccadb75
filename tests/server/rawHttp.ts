import net from 'node:net';
import { expect } from 'vitest';

/** Raw HTTP for the server tests that reach below app.inject: Node's parser, real sockets (hardening, fuzz). */

/** The security headers every answer carries. */
export function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
}

/** One raw HTTP exchange on a fresh connection: the answer's status, headers and body (read to the close). */
export async function rawRequest(
  port: number,
  head: Buffer | string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  await new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    // The server may close before it has read everything sent: that is its answer.
    socket.on('error', () => resolve());
    socket.write(head);
  });
  const all = Buffer.concat(chunks);
  const end = all.indexOf('\r\n\r\n');
  const lines = all.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  return { status: Number(lines[0]?.split(' ')[1] ?? 0), headers, body: all.subarray(end + 4) };
}
