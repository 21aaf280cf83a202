/** The id of Settings → Billing, for links such as /settings#billing (the cost estimate points here). */
export const BILLING_SECTION_ID = 'billing';
/** The id of the billing history card (the "View Billing History" button leads there). */
export const BILLING_HISTORY_ID = 'billing-history';
