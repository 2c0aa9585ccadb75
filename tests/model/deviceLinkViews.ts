import type { DeviceLinkEvent, LinkView } from '../../machines/deviceLinkMachine';

/** The server's views of linking that deviceLinkMachine's tests feed it (the machine's own test and the screen's model test). */
export const device = (id: string, name: string, thisDevice: boolean) => ({ id, name, thisDevice });
export const view = (v: Partial<LinkView>): LinkView => ({ code: '', pendingName: '', waiting: false, devices: [], ...v });
export const ALONE = view({});
export const ASKED = view({ pendingName: 'Phone' });
export const WAITING = view({ waiting: true });
export const LINKED = view({ devices: [device('a1', 'Desk', true), device('b2', 'Phone', false)] });
export const status = (v: LinkView): DeviceLinkEvent => ({ type: 'status.loaded', view: v });
export const CLAIM: DeviceLinkEvent = { type: 'code.claim', code: 'ABCD2345', name: 'Phone' };
