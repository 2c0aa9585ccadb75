import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.js';

/**
 * Publishers (issue 47): every series has one, whose banner and news its
 * title pages show. Written at the version read, like the console's other
 * rows; the logo and the banner are uploaded as raw images.
 */
const Version = Type.Integer({ minimum: 0 });
const PublisherFields = { name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }) };

export const PublisherCreate = Type.Object(PublisherFields);
export type PublisherCreate = Static<typeof PublisherCreate>;
export const PublisherPatch = Type.Object({ ...Type.Partial(Type.Object(PublisherFields)).properties, version: Version });
export type PublisherPatch = Static<typeof PublisherPatch>;

export const PublisherImageKind = Type.Union([Type.Literal('logo'), Type.Literal('banner')]);
export type PublisherImageKind = Static<typeof PublisherImageKind>;
export const PublisherImageParams = Type.Object({ id: Id, kind: PublisherImageKind });

export const Publisher = Type.Object({
  id: Id,
  name: Type.String(),
  /** '' until one is uploaded. */
  logo: Type.String(),
  banner: Type.String(),
  /** How many series are this publisher's. */
  seriesCount: Type.Integer(),
  version: Type.Integer(),
});
export type Publisher = Static<typeof Publisher>;
export const PublisherList = Type.Object({ publishers: Type.Array(Publisher) });
export type PublisherList = Static<typeof PublisherList>;
