/**
 * The job that e-mails the business a message a caller left, or the call back they asked for (decision 026):
 * defined with the calls' notifications, woken from here when a conversation ends in one. It also runs every
 * minute, so a wake-up lost in a crash only delays the e-mail.
 */
export const CALL_MESSAGE_ALERTS = 'call-message-alerts';
