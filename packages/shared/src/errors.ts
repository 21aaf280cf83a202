import { z } from 'zod';

/** Every error code the API answers with, and the HTTP status it maps to. */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account's plan does not include API access (an API key on a Starter account). */
  plan_upgrade_required: 403,
  /** An API key on an endpoint that needs a signed-in session (keys, billing, profile, password). */
  session_required: 403,
  /** The user has two-factor sign-in on and this session has not verified a code yet (it is aal1). */
  mfa_required: 403,
  /** The caller's role (owner, admin, staff) may not do this: `details.required` names the roles that may. */
  forbidden_role: 403,
  /** The account requires two-factor sign-in and the member has no second factor yet: set one up first. */
  mfa_enrollment_required: 403,
  call_limit_reached: 402,
  /** The account's last payment failed (Stripe): calls are held until the card is updated and the invoice paid. */
  payment_past_due: 402,
  /** The calls would take this billing month's extra-call charges past the account's monthly budget. */
  budget_reached: 402,
  not_found: 404,
  conflict: 409,
  /** The number is on the account's do-not-call list. */
  do_not_call: 409,
  /** The person has already had the most calls a day the account allows (the frequency cap). */
  frequency_cap_reached: 409,
  /** A state's rule on solicitation calls refuses it (e.g. Florida's 3 per 24 hours): `details[].rule` names it. */
  state_rule: 409,
  /** A dispatcher is handing the call to the carrier right now: it can no longer be changed. */
  call_being_placed: 409,
  /** The call has gone out (placed at least once) or has ended: it can no longer be changed. */
  call_already_placed: 409,
  /** The call was cancelled: it can no longer be changed. */
  call_canceled: 409,
  /** Another appointment of the same staff member (or of the business) holds an overlapping time. */
  slot_taken: 409,
  /** The appointment's status does not allow this (e.g. confirming a cancelled one). */
  appointment_closed: 409,
  /** The appointment has started (or is over): its customer's link can no longer change it. */
  appointment_started: 409,
  /** A signed link (the customer's self-service link) that is past its expiry. */
  link_expired: 410,
  /** The contact's consent does not cover this kind of call. */
  consent_required: 422,
  /** A request with the same Idempotency-Key is still being processed. */
  idempotency_key_in_use: 409,
  /** The account's last owner cannot stop being one (make another member owner first). */
  last_owner: 409,
  /** The address already signs in to Callwise (a person belongs to one business) or is already invited. */
  already_member: 409,
  /** Billing is simulated on this installation (no payment provider): there is no checkout, portal or invoice. */
  billing_simulated: 409,
  /** With a payment provider, a first paid plan is bought through its checkout (POST /v1/billing/checkout). */
  checkout_required: 409,
  /** The account has no customer at the payment provider yet (it has never paid): nothing to manage. */
  no_billing_account: 409,
  /** An invitation's link that is unknown, used or revoked. */
  invitation_invalid: 404,
  unprocessable: 422,
  /** The Idempotency-Key was used before with a different request. */
  idempotency_key_reused: 422,
  rate_limited: 429,
  payload_too_large: 413,
  /** A path parameter is longer than 100 characters. */
  uri_too_long: 414,
  unsupported_media_type: 415,
  internal_error: 500,
  voice_provider_error: 502,
  carrier_error: 502,
  /** The payment provider (Stripe) refused the request or could not be reached. */
  payment_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  error: z
    .object({
      code: z
        .string()
        .describe('A stable code to branch on, e.g. validation_failed, not_found, rate_limited'),
      message: z.string().describe('What went wrong, in words fit to show a person'),
      details: z
        .unknown()
        .optional()
        .describe('More about it: for validation_failed, a list of {field, message}'),
    })
    .describe('The error'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
