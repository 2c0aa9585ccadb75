/** The linking calls (server/routes/api/device_link). */
import type { DeviceLinkView } from '../../../core/gen/manga/v1/sync_pb';
import { call, type CallOptions } from '../../api/client';

async function linkCall(path: string, opts: CallOptions = {}): Promise<DeviceLinkView> {
  const r = await call(`/device_link${path}`, opts);
  if (r.data.case !== 'deviceLinkView') throw new Error(`unexpected view ${r.data.case ?? 'none'} for /device_link${path}`);
  return r.data.value;
}

export const linkStatus = () => linkCall('');
export const makeCode = () => linkCall('/code', { method: 'POST' });
export const claimCode = (code: string, name: string) => linkCall('/claim', { method: 'POST', query: { code, name } });
export const confirmLink = (name: string) => linkCall('/confirm', { method: 'POST', query: { name } });
export const declineLink = () => linkCall('/decline', { method: 'POST' });
export const unlinkDevice = (id: string) => linkCall('', { method: 'DELETE', query: { device: id } });

/** A name for this device the other one shows: its browser and system, as the user agent says. */
export function guessDeviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

/** A code as shown: two groups of four. */
export const showCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);
