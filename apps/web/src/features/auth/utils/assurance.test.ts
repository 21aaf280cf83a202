import { describe, expect, it } from 'vitest';
import { assuranceOf, needsSecondFactor } from '@/features/auth/utils/assurance';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: Record<string, unknown>) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`;

describe('assuranceOf', () => {
  it('reads the level from the token and the next level from the verified factors', () => {
    const factors = [{ status: 'verified' }];
    expect(assuranceOf({ access_token: token({ aal: 'aal1' }), user: { factors } })).toEqual({
      current: 'aal1',
      next: 'aal2',
    });
    expect(assuranceOf({ access_token: token({ aal: 'aal2' }), user: { factors } })).toEqual({
      current: 'aal2',
      next: 'aal2',
    });
  });

  it('an unverified factor asks for nothing more', () => {
    const session = { access_token: token({ aal: 'aal1' }), user: { factors: [{ status: 'unverified' }] } };
    expect(assuranceOf(session)).toEqual({ current: 'aal1', next: 'aal1' });
    expect(needsSecondFactor(assuranceOf(session))).toBe(false);
  });

  it('a code is needed only at aal1 with aal2 next', () => {
    expect(needsSecondFactor({ current: 'aal1', next: 'aal2' })).toBe(true);
    expect(needsSecondFactor({ current: 'aal2', next: 'aal2' })).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });

  it('no session, or a token that is not a JWT, has no level', () => {
    expect(assuranceOf(null)).toBeNull();
    expect(assuranceOf({ access_token: 'opaque', user: null })).toEqual({ current: null, next: null });
  });
});
