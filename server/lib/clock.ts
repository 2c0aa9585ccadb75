/** Seconds since the epoch: every time in the database and on the wire. */
export function nowSec(): number {
  return Math.floor(Date.now() / 1000);
}

export const DAY = 86_400;
