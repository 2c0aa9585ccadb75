import type { Repos } from '../repos/index.js';

/** DeviceLinkView for the calling device: its group's devices, a claim waiting for it, whether it waits itself. */
export async function linkView(links: Repos['deviceLinks'], me: string, extra: { code?: string; expiresAt?: number } = {}) {
  const group = await links.groupOf(me);
  const [devices, pending, waiting] = await Promise.all([group ? links.devices(group) : [], links.pendingFor(me), links.waiting(me)]);
  return {
    data: {
      case: 'deviceLinkView' as const,
      value: {
        code: extra.code ?? '',
        expiresAt: extra.expiresAt ?? 0,
        pendingName: pending?.claimed_name ?? '',
        waiting,
        devices: devices.map((d) => ({ id: d.device_id, name: d.name, linkedAt: d.created_at, thisDevice: d.device_token === me })),
      },
    },
  };
}
