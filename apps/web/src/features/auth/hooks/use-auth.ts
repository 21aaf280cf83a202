import { createContext, useContext } from 'react';
import type { Assurance } from '@/features/auth/utils/assurance';

/**
 * `mfa-required`: a password (or link) sign-in of a user with two-factor sign-in on, whose code is still to be
 * entered. The session exists but opens nothing: the API refuses it (403 `mfa_required`) until the code is verified.
 */
export type AuthStatus = 'loading' | 'signed-in' | 'mfa-required' | 'signed-out';

/** The profile fields kept on the user (sign-up form, Settings). */
export interface UserMetadata {
  first_name?: string;
  last_name?: string;
  business_name?: string;
  [key: string]: unknown;
}

export interface AuthUser {
  id: string;
  email: string;
  user_metadata: UserMetadata;
  /** An address change waiting for its confirmation link to be opened. */
  new_email: string | null;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  /** The business's name (an owner's or admin's to change); left as it is when absent. */
  businessName?: string;
  /** Only when it changes: the new address gets a confirmation link and becomes the address once opened. */
  email?: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /**
   * The session's assurance level and the one its user's factors call for (null when signed out); refreshed on
   * every auth event: sign-in, token refresh (after a factor is removed), MFA_CHALLENGE_VERIFIED.
   */
  assurance: Assurance | null;
  /**
   * True after a password-reset link signed the user in (PASSWORD_RECOVERY) until a new password is set: the
   * sign-in page then asks for the new password.
   */
  recovery: boolean;
  /** True when the last sign-out was the user's own (Sign Out), false when the session ended by itself. */
  signedOutByUser: boolean;
  /** The session's access token, refreshed first when it is about to expire; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Each action below throws the server's error (an AuthError with `code` and `message`) when it fails. */
  /**
   * `remember` (default true): keep the session after the browser closes (localStorage), else sessionStorage.
   * Resolves `secondFactor: true` when the user must now enter a code (status `mfa-required`).
   */
  signIn: (email: string, password: string, remember?: boolean) => Promise<{ secondFactor: boolean }>;
  /**
   * Completes a sign-in at `mfa-required` with a code from the authenticator app or a recovery code (each works
   * once). Throws the server's error: `mfa_verification_failed` for a wrong code, HTTP 429 for too many tries.
   */
  verifySecondFactor: (code: string) => Promise<void>;
  /**
   * Signs in with a session the server answered outside the auth client (joining a business through an
   * invitation answers its first session as a password sign-in does): stored, refreshed and followed from then on.
   */
  signInWithSession: (tokens: { access_token: string; refresh_token: string }) => Promise<void>;
  /** Creates the account; the user signs in by opening the link e-mailed to them. */
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** E-mails a link to choose a new password; it opens the sign-in page in recovery mode. */
  resetPassword: (email: string) => Promise<void>;
  /** Sets a new password: without the current one only in recovery mode. Other sessions are signed out. */
  updatePassword: (input: { password: string; currentPassword?: string }) => Promise<void>;
  /** Saves the name fields; returns the user, whose `new_email` is set when an address change is pending. */
  updateProfile: (input: ProfileInput) => Promise<AuthUser>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The current auth state (product spec section 4); only valid inside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
