import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { StaffFactorTable } from '../db/schemaConsole.js';

/**
 * Loaded at the first passkey call, not at start: the library and its cryptography hold about 4.6 MB of heap,
 * which every node would otherwise carry (and scan in each garbage collection) while serving readers.
 */
const library = () => import('@simplewebauthn/server');

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server; the relying party is
 * PUBLIC_URL's host, else the host the console is served from (the route
 * gives its hostname and origin).
 */
export function relyingParty(publicUrl: string, hostname: string, origin: string): { rpID: string; origin: string } {
  if (publicUrl) {
    const u = new URL(publicUrl);
    return { rpID: u.hostname, origin: u.origin };
  }
  return { rpID: hostname, origin };
}

export type RelyingParty = ReturnType<typeof relyingParty>;

export async function registrationOptions(rpID: string, email: string, existing: Pick<StaffFactorTable, 'credential_id' | 'transports'>[]) {
  const { generateRegistrationOptions } = await library();
  return generateRegistrationOptions({
    rpName: 'Manga console',
    rpID,
    userName: email,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: existing.filter((f) => f.credential_id).map((f) => ({ id: f.credential_id!, ...transportsOf(f.transports) })),
  });
}

/** Stored transports as the library takes them (an absent property, not undefined). */
const transportsOf = (t: string | null): { transports?: string[] } => (t ? { transports: JSON.parse(t) as string[] } : {});

/** A verified new credential, or null. */
export async function verifyRegistration(response: unknown, challenge: string, rp: RelyingParty) {
  const { verifyRegistrationResponse } = await library();
  try {
    const v = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!v.verified) return null;
    const c = v.registrationInfo.credential;
    return {
      credentialId: c.id,
      publicKey: Buffer.from(c.publicKey).toString('base64url'),
      counter: c.counter,
      transports: c.transports ? JSON.stringify(c.transports) : null,
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rpID: string, factors: Pick<StaffFactorTable, 'credential_id' | 'transports'>[]) {
  const { generateAuthenticationOptions } = await library();
  return generateAuthenticationOptions({
    rpID,
    userVerification: 'preferred',
    allowCredentials: factors.filter((f) => f.credential_id).map((f) => ({ id: f.credential_id!, ...transportsOf(f.transports) })),
  });
}

/** The new signature counter when the response is valid for this factor (the library refuses a counter that did not grow), or null. */
export async function verifyAuthentication(
  response: unknown,
  challenge: string,
  rp: RelyingParty,
  factor: Pick<StaffFactorTable, 'credential_id' | 'public_key' | 'counter' | 'transports'>,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await library();
  try {
    const v = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      credential: {
        id: factor.credential_id!,
        publicKey: new Uint8Array(Buffer.from(factor.public_key!, 'base64url')),
        counter: Number(factor.counter),
        ...transportsOf(factor.transports),
      },
    });
    return v.verified ? v.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
