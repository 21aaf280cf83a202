/** Product-wide constants that the server enforces and the web app shows (product spec section 9). */
export const PRODUCT_NAME = 'Callwise';
export const PRODUCT_TAGLINE = 'AI voice calls for small businesses';
export const SUPPORT_EMAIL = 'support@callwise.app';
export const SUPPORT_REPLY_HOURS = 24;

export const TRIAL_CALLS = 10;
export const EXTRA_CALL_PRICE_USD = 0.5;
export const RECORDING_RETENTION_DAYS = 90;
export const NOTICE_DAYS = 30;
export const MINIMUM_AGE = 13;
export const API_RATE_LIMIT_PER_MINUTE = 100;
export const DEFAULT_CALLING_WINDOW = { start: '08:00', end: '21:00' } as const;
