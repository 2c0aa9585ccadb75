import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/harness.js';

/**
 * A stop (SIGTERM) that waits on a request which never ends — a client that sent half a body and holds the
 * socket — ends all the same once STOP_GRACE_SECONDS have passed: a node that never exits holds its port,
 * its deployment's rollout, and (here) a test run's teardown, which once ran CI out of time.
 */
describe('a stop with a request that never ends', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-grace-'));
  let server: RunningServer | undefined;
  let socket: net.Socket | undefined;
  afterAll(() => {
    socket?.destroy();
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits after the grace, saying why', async () => {
    server = await startServer({ DATA_DIR: dir, NO_CATALOG: '1', SERVER_RENDER: '0', STOP_GRACE_SECONDS: '2' });
    let err = '';
    server.proc.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((r) => socket!.once('connect', () => r()));
    // Half a body of a request the server has started reading (a feedback post: 1000 bytes announced, 10 sent).
    socket.write(
      `POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/protobuf\r\nContent-Length: 1000\r\n\r\n0123456789`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((r) => server!.proc.once('exit', (code) => r(code)));
    server.proc.kill('SIGTERM');
    // Bounded: without the grace this waits on the socket for ever; 60 s is far past a 2 s grace.
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 60_000))]);
    expect(code).toBe(1);
    expect(err).toMatch(/not closed after 2 s/);
  });
});
