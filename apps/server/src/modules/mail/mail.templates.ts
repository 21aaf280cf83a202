import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '@callwise/shared/product';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The address that stops these e-mails (the List-Unsubscribe header, RFC 8058 one-click). */
  unsubscribeUrl?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One layout for every e-mail: the product's name and colours, a button, and the same words as plain text. */
function layout(input: {
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  footer: string;
  /** A link under the footer that stops the messages (a customer's e-mails, decision 030). */
  unsubscribe?: { label: string; url: string };
}) {
  const paragraphs = input.lines
    .map(
      (line) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(line)}</p>`,
    )
    .join('');
  const button = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 22px;border-radius:8px">${escapeHtml(input.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#64748b">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all;color:#4f46e5">${escapeHtml(input.action.url)}</span></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">${escapeHtml(PRODUCT_NAME)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#0f172a">${escapeHtml(input.greeting)}</p>
${paragraphs}${button}
<p style="margin:24px 0 0;font-size:12px;line-height:1.6;color:#94a3b8">${escapeHtml(input.footer)}</p>${
    input.unsubscribe
      ? `\n<p style="margin:8px 0 0;font-size:12px;line-height:1.6;color:#94a3b8"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#64748b">${escapeHtml(input.unsubscribe.label)}</a></p>`
      : ''
  }
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    input.greeting,
    '',
    ...input.lines.flatMap((line) => [line, '']),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    '--',
    input.footer,
    ...(input.unsubscribe ? [`${input.unsubscribe.label}: ${input.unsubscribe.url}`] : []),
  ].join('\n');
  return { html, text };
}

const footer = `You receive this e-mail because of your ${PRODUCT_NAME} account. Questions? Write to ${SUPPORT_EMAIL}.`;
const greet = (name?: string) => (name ? `Hi ${name},` : 'Hi,');

export function verificationMail(input: { name?: string; url: string }): RenderedMail {
  return {
    subject: `Confirm your ${PRODUCT_NAME} account`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        `Welcome to ${PRODUCT_NAME}! Your free trial includes 10 AI calls.`,
        'Confirm your e-mail address to sign in. The link works once and expires in 24 hours.',
      ],
      action: { label: 'Confirm my e-mail', url: input.url },
      footer: `If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail. ${footer}`,
    }),
  };
}

export function invitationMail(input: {
  businessName: string;
  invitedBy: string;
  role: string;
  url: string;
  days: number;
}): RenderedMail {
  return {
    subject: `You're invited to join ${input.businessName} on ${PRODUCT_NAME}`,
    ...layout({
      greeting: 'Hi,',
      lines: [
        `${input.invitedBy} invited you to join ${input.businessName} on ${PRODUCT_NAME} as ${input.role}.`,
        `${PRODUCT_NAME} places the business's AI phone calls: reminders, confirmations and follow-ups. Choose a password to join. The link works once and expires in ${input.days} days.`,
      ],
      action: { label: `Join ${input.businessName}`, url: input.url },
      footer: `If you did not expect this invitation, ignore this e-mail. ${footer}`,
    }),
  };
}

export function recoveryMail(input: { name?: string; url: string }): RenderedMail {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        'We received a request to reset your password. Use the link below to choose a new one.',
        'The link works once and expires in 1 hour.',
      ],
      action: { label: 'Reset my password', url: input.url },
      footer: `If you did not ask for this, ignore this e-mail: your password stays as it is. ${footer}`,
    }),
  };
}

export function emailChangeMail(input: { name?: string; url: string; newEmail: string }): RenderedMail {
  return {
    subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        `Confirm that ${input.newEmail} is the new e-mail address of your ${PRODUCT_NAME} account.`,
        'The link works once and expires in 24 hours.',
      ],
      action: { label: 'Confirm new address', url: input.url },
      footer,
    }),
  };
}

export function emailChangeNoticeMail(input: { name?: string; newEmail: string }): RenderedMail {
  return {
    subject: `Your ${PRODUCT_NAME} e-mail address is changing`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        `Someone signed in to your account asked to change its e-mail address to ${input.newEmail}.`,
        `If that was not you, change your password at once and write to ${SUPPORT_EMAIL}.`,
      ],
      footer,
    }),
  };
}

export function accountExistsMail(input: { name?: string; url: string }): RenderedMail {
  return {
    subject: `You already have a ${PRODUCT_NAME} account`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        'Someone tried to create an account with this e-mail address, but you already have one.',
        'If it was you, sign in instead — or reset your password if you forgot it.',
      ],
      action: { label: 'Sign in', url: input.url },
      footer,
    }),
  };
}

export function passwordChangedMail(input: { name?: string }): RenderedMail {
  return {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        'The password of your account was just changed, and your other devices were signed out.',
        `If you did not do this, reset your password at once and write to ${SUPPORT_EMAIL}.`,
      ],
      footer,
    }),
  };
}

const STATUS_WORDS: Record<string, string> = {
  failed: 'could not be connected',
  busy: 'got a busy signal',
  'no-answer': 'was not answered',
};

export function callFailedMail(input: {
  name?: string;
  calls: Array<{
    recipient: string;
    phone: string;
    status: string;
    attempts: number;
    reason?: string | null;
  }>;
  url: string;
}): RenderedMail {
  const [first] = input.calls;
  const describe = (call: (typeof input.calls)[number]) =>
    `${call.recipient} (${call.phone}) ${STATUS_WORDS[call.status] ?? 'did not go through'}${call.attempts > 1 ? ` after ${call.attempts} attempts` : ''}.`;
  const single = input.calls.length === 1 && first;
  const shown = input.calls.slice(0, 20);
  return {
    subject: single
      ? `Call to ${first.recipient} ${STATUS_WORDS[first.status] ?? 'did not go through'}`
      : `${input.calls.length} calls did not go through`,
    ...layout({
      greeting: greet(input.name),
      lines: single
        ? [
            `Your call to ${describe(first)}`,
            ...(first.reason ? [first.reason] : []),
            'You can schedule it again from your call history.',
          ]
        : [
            `${input.calls.length} of your calls did not reach anyone:`,
            ...shown.map(describe),
            ...(input.calls.length > shown.length
              ? [`… and ${input.calls.length - shown.length} more.`]
              : []),
            'You can schedule them again from your call history.',
          ],
      action: { label: 'Open call history', url: input.url },
      footer: `You receive failure alerts because they are switched on in Settings. ${footer}`,
    }),
  };
}

/** A caller left a message with the assistant, or asked to be called back (decision 026). */
export function callerMessageMail(input: {
  name?: string;
  caller: string;
  phone: string;
  inbound: boolean;
  message: string | null;
  callback: { said: string; at: string | null } | null;
  url: string;
}): RenderedMail {
  const who = `${input.caller} (${input.phone})`;
  const where = input.inbound ? 'called your business number' : 'answered your call';
  const lines = input.message
    ? [`${who} ${where} and left a message with the assistant:`, `“${input.message}”`]
    : [
        `${who} ${where} and asked to be called back${input.callback?.at ? ` at ${input.callback.at}` : ''}.`,
        ...(input.callback?.said ? [`They said: “${input.callback.said}”`] : []),
      ];
  return {
    subject: input.message ? `Message from ${input.caller}` : `${input.caller} asked to be called back`,
    ...layout({
      greeting: greet(input.name),
      lines: [...lines, 'The call, its recording and transcript are in your call history.'],
      action: { label: 'Open the call', url: input.url },
      footer: `You receive messages from callers because they are switched on in Settings. ${footer}`,
    }),
  };
}

export function dailySummaryMail(input: {
  name?: string;
  date: string;
  total: number;
  completed: number;
  failed: number;
  confirmed: number;
  cancelled: number;
  rescheduled: number;
  optedOut: number;
  cost: string;
  url: string;
}): RenderedMail {
  return {
    subject: `Your calls on ${input.date}: ${input.completed} of ${input.total} completed`,
    ...layout({
      greeting: greet(input.name),
      lines: [
        `On ${input.date} (UTC), ${input.total} ${input.total === 1 ? 'call' : 'calls'} ended: ${input.completed} completed, ${input.failed} not reached.`,
        `Answers: ${input.confirmed} confirmed, ${input.cancelled} cancelled, ${input.rescheduled} asked to reschedule, ${input.optedOut} opted out.`,
        `Cost: ${input.cost}.`,
      ],
      action: { label: 'Open call history', url: input.url },
      footer: `You receive call summaries because they are switched on in Settings. ${footer}`,
    }),
  };
}

/** A message's paragraphs (blank lines separate them; single line breaks are kept as spaces). */
const paragraphsOf = (message: string) =>
  message
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The Help page's contact form, to the support team. */
export function supportRequestMail(input: {
  name: string;
  email: string;
  message: string;
  receivedAt: Date;
}): RenderedMail {
  const name = oneLine(input.name);
  return {
    subject: `Support request from ${name}`,
    ...layout({
      greeting: `New message from ${name} <${input.email}>`,
      lines: [
        `Sent from the Help page on ${input.receivedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. Reply to ${input.email}; the sender was told to expect an answer within about ${SUPPORT_REPLY_HOURS} hours.`,
        ...paragraphsOf(input.message),
      ],
      footer: `Sent by the ${PRODUCT_NAME} contact form.`,
    }),
  };
}

/** The Help page's contact form, the sender's copy. */
export function supportConfirmationMail(input: { name: string; message: string }): RenderedMail {
  return {
    subject: `We received your message - ${PRODUCT_NAME} support`,
    ...layout({
      greeting: greet(oneLine(input.name)),
      lines: [
        `Thank you for contacting ${PRODUCT_NAME} support. We have received your message and will reply to this address within about ${SUPPORT_REPLY_HOURS} hours.`,
        'Your message:',
        ...paragraphsOf(input.message),
      ],
      footer: `You receive this e-mail because this address was entered in the contact form of the ${PRODUCT_NAME} Help page. If that was not you, ignore this e-mail. Questions? Write to ${SUPPORT_EMAIL}.`,
    }),
  };
}

/** What an appointment e-mail says about the appointment, its time already written in the business's zone. */
export interface AppointmentMailInput {
  /** The customer's first name, when known. */
  name?: string;
  business: string;
  /** "Tue, Dec 1 at 3:00 PM" */
  when: string;
  service?: string | null;
  staff?: string | null;
  location?: string | null;
  /** The customer's self-service link: confirm, cancel or pick a new time. */
  url: string;
  /** The link that stops every call, text and e-mail from the business (decision 030). */
  unsubscribeUrl?: string;
}

/** The customer's way out of an appointment e-mail: a link under its footer, and the List-Unsubscribe header. */
const unsubscribeOf = (input: AppointmentMailInput, business: string) =>
  input.unsubscribeUrl
    ? {
        link: {
          unsubscribe: {
            label: `Stop all calls, texts and e-mails from ${business}`,
            url: input.unsubscribeUrl,
          },
        },
        header: { unsubscribeUrl: input.unsubscribeUrl },
      }
    : { link: {}, header: {} };

const appointmentDetails = (input: AppointmentMailInput) => [
  `When: ${input.when}`,
  ...(input.service ? [`What: ${oneLine(input.service)}`] : []),
  ...(input.staff ? [`With: ${oneLine(input.staff)}`] : []),
  ...(input.location ? [`Where: ${oneLine(input.location)}`] : []),
];

const appointmentFooter = (business: string) =>
  `You receive this e-mail because you have an appointment with ${business}. Sent for ${business} by ${PRODUCT_NAME}.`;

/** A reminder of an appointment (a rule of the business's reminders, decision 019). */
export function appointmentReminderMail(input: AppointmentMailInput): RenderedMail {
  const business = oneLine(input.business);
  const way = unsubscribeOf(input, business);
  return {
    ...way.header,
    subject: `Reminder: your appointment on ${input.when}`,
    ...layout({
      greeting: greet(input.name ? oneLine(input.name) : undefined),
      lines: [
        `This is a reminder of your appointment with ${business}.`,
        ...appointmentDetails(input),
        'Please confirm that you will come, or cancel or pick another time if you cannot.',
      ],
      action: { label: 'Manage your appointment', url: input.url },
      footer: appointmentFooter(business),
      ...way.link,
    }),
  };
}

/** The notice that an appointment moved to a new time (decision 019). */
export function appointmentMovedMail(input: AppointmentMailInput): RenderedMail {
  const business = oneLine(input.business);
  const way = unsubscribeOf(input, business);
  return {
    ...way.header,
    subject: `Your appointment has moved to ${input.when}`,
    ...layout({
      greeting: greet(input.name ? oneLine(input.name) : undefined),
      lines: [
        `Your appointment with ${business} has moved to ${input.when}.`,
        ...appointmentDetails(input),
        'If the new time does not suit you, you can cancel or pick another one.',
      ],
      action: { label: 'Manage your appointment', url: input.url },
      footer: appointmentFooter(business),
      ...way.link,
    }),
  };
}
