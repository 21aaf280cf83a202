/** The id of Settings → Billing, for the card on /settings/billing (the cost estimate links there). */
export const BILLING_SECTION_ID = 'billing';
/** The id of the billing history card (the "View Billing History" button leads there). */
export const BILLING_HISTORY_ID = 'billing-history';
