// The database schema, one file per domain in ./schema/. Import tables and row types from here
// (`@callwise/db/schema`): drizzle-kit reads this file (drizzle.config.ts) and the client gets every table.

export * from './schema/accounts.ts';
export * from './schema/appointments.ts';
export * from './schema/auth.ts';
export * from './schema/billing.ts';
export * from './schema/calendars.ts';
export * from './schema/call-counts.ts';
export * from './schema/calls.ts';
export * from './schema/campaigns.ts';
export * from './schema/consent.ts';
export * from './schema/contacts.ts';
export * from './schema/deliveries.ts';
export * from './schema/messages.ts';
export * from './schema/settings.ts';
export * from './schema/waitlist.ts';
