/**
 * Query keys that more than one feature needs. The dashboard's numbers (and the sidebar's usage badge) depend
 * on contacts, scripts and calls, so every successful change marks them stale.
 */
export const dashboardQueryKey = ['dashboard'] as const;

/**
 * Every call query (call history lists, summaries, single calls) starts with this key: scheduling or cancelling
 * a call, and every live call event, refresh them all.
 */
export const callsQueryKey = ['calls'] as const;

/**
 * The booking settings (GET /v1/booking-settings): Settings → Booking changes them, and the Appointments page
 * reads their staff members and services, so both use this key.
 */
export const bookingSettingsQueryKey = ['booking-settings'] as const;

/** Appointments: every change invalidates this prefix, so the agenda and the dashboard's card refresh alike. */
export const appointmentsQueryKey = ['appointments'] as const;

/** The waitlist and its offers: adding, removing and any appointment change (which may free a slot) refresh it. */
export const waitlistQueryKey = ['waitlist'] as const;

/**
 * The signed-in member (GET /v1/me): Settings reads it, and the team's changes (a transferred ownership) change
 * the caller's own role in it.
 */
export const meQueryKey = ['me'] as const;
