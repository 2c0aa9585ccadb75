import { Type, type Static } from '@sinclair/typebox';
import { Code, Email, Id, Member, Name, Password, Roles, Seconds } from './common.js';

/** Enrolment, sign-in, the member's own session and factors. */
export const TokenParams = Type.Object({ token: Type.String({ minLength: 16, maxLength: 128 }) });

export const Enrolment = Type.Object({
  /** Empty for the first-owner link: the enrolee gives their own address. */
  email: Type.String(),
  roles: Roles,
  expiresAt: Seconds,
});
export type Enrolment = Static<typeof Enrolment>;

export const EnrolStart = Type.Object({ name: Name, password: Password, email: Type.Optional(Email) });
export type EnrolStart = Static<typeof EnrolStart>;

export const TotpSetup = Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrSvg: Type.String() });
export type TotpSetup = Static<typeof TotpSetup>;

export const CodeBody = Type.Object({ code: Code });
const RecoveryCodes = Type.Array(Type.String(), { minItems: 10, maxItems: 10 });
export const Enrolled = Type.Object({ member: Member, recoveryCodes: Type.Optional(RecoveryCodes) });
export type Enrolled = Static<typeof Enrolled>;

/** WebAuthn JSON (PublicKeyCredential*OptionsJSON and responses), checked by @simplewebauthn/server. */
const WebAuthnJson = Type.Object({}, { additionalProperties: true });
export const PasskeyOptions = Type.Object({ options: WebAuthnJson });
export const PasskeyResponse = Type.Object({ response: WebAuthnJson });

const Factor = Type.Union([Type.Literal('totp'), Type.Literal('passkey'), Type.Literal('recovery')]);
export const SignIn = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Password });
export type SignIn = Static<typeof SignIn>;
/** The password and a recovery code in one step (the way in while the account's brake holds). */
export const SignInWithCode = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Password, code: Code });
export const SignInChallenge = Type.Object({
  challenge: Type.String(),
  factors: Type.Array(Factor),
  passkeyOptions: Type.Optional(WebAuthnJson),
});
export type SignInChallenge = Static<typeof SignInChallenge>;
export const ChallengeCode = Type.Object({ challenge: Type.String({ minLength: 16, maxLength: 128 }), code: Code });
export const ChallengePasskey = Type.Object({ challenge: Type.String({ minLength: 16, maxLength: 128 }), response: WebAuthnJson });
export const SignedIn = Type.Object({ member: Member });

export const SessionInfo = Type.Object({
  member: Member,
  session: Type.Object({ id: Id, idleExpiresAt: Seconds, expiresAt: Seconds, reauthUntil: Seconds }),
});
export type SessionInfo = Static<typeof SessionInfo>;
export const PasswordBody = Type.Object({ password: Password });
export const Reauth = Type.Object({ reauthUntil: Seconds });

const SessionRow = Type.Object({
  id: Id,
  device: Type.String(),
  address: Type.String(),
  createdAt: Seconds,
  lastUsedAt: Seconds,
  current: Type.Boolean(),
});
type SessionRow = Static<typeof SessionRow>;
export const Sessions = Type.Object({ sessions: Type.Array(SessionRow) });

const FactorRow = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('totp'), Type.Literal('passkey')]),
  name: Type.String(),
  createdAt: Seconds,
  lastUsedAt: Type.Union([Seconds, Type.Null()]),
});
type FactorRow = Static<typeof FactorRow>;
export const Factors = Type.Object({ factors: Type.Array(FactorRow), recoveryCodesLeft: Type.Integer() });
export const NameBody = Type.Object({ name: Name });
export const NewTotp = Type.Object({ id: Id, secret: Type.String(), otpauthUrl: Type.String(), qrSvg: Type.String() });
export type NewTotp = Static<typeof NewTotp>;
export const TotpConfirmed = Type.Object({ recoveryCodes: Type.Optional(RecoveryCodes) });
export const NewRecoveryCodes = Type.Object({ recoveryCodes: RecoveryCodes });
export const SessionParams = Type.Object({ id: Id });
