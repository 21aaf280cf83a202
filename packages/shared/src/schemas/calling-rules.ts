import { z } from 'zod';
import { DEFAULT_CALLING_WINDOW, isTimeOfDay, minutesOfDay } from '../calling-window.ts';
import { variablesIn } from '../variables.ts';

/**
 * The one variable of the disclosure, written exactly so and required in it: the wording is editable, the
 * business's name is not (renderDisclosure in ../calling-rules.ts fills it in).
 */
export const DISCLOSURE_VARIABLE = 'business_name';
export const DEFAULT_DISCLOSURE = 'This is an automated call from {{business_name}}.';
export const DISCLOSURE_MIN_LENGTH = 10;
export const DISCLOSURE_MAX_LENGTH = 200;
export const DAILY_CALL_CAP_MIN = 1;
export const DAILY_CALL_CAP_MAX = 10;
export const DEFAULT_DAILY_CALL_CAP = 2;

const TIME_FORMAT = 'Enter a time as HH:MM on a 24-hour clock, e.g. 09:00.';

/** Why a window start is not allowed, or undefined. */
function startProblem(start: string): string | undefined {
  if (!isTimeOfDay(start)) return TIME_FORMAT;
  if (minutesOfDay(start) < minutesOfDay(DEFAULT_CALLING_WINDOW.start))
    return `Calls cannot start before ${DEFAULT_CALLING_WINDOW.start} in the recipient’s time. You can only narrow the window.`;
  return undefined;
}

/** Why a window end is not allowed, or undefined. */
function endProblem(end: string): string | undefined {
  if (!isTimeOfDay(end)) return TIME_FORMAT;
  if (minutesOfDay(end) > minutesOfDay(DEFAULT_CALLING_WINDOW.end))
    return `Calls cannot go on after ${DEFAULT_CALLING_WINDOW.end} in the recipient’s time. You can only narrow the window.`;
  return undefined;
}

/** Why a disclosure is not allowed, or undefined. */
function disclosureProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length < DISCLOSURE_MIN_LENGTH)
    return `Write at least ${DISCLOSURE_MIN_LENGTH} characters, e.g. “${DEFAULT_DISCLOSURE}”`;
  if (trimmed.length > DISCLOSURE_MAX_LENGTH)
    return `Keep the disclosure to ${DISCLOSURE_MAX_LENGTH} characters or fewer.`;
  if (!trimmed.includes(`{{${DISCLOSURE_VARIABLE}}}`))
    return 'Keep {{business_name}} in the disclosure: every call must say which business is calling.';
  const other = variablesIn(trimmed).find((name) => name !== DISCLOSURE_VARIABLE);
  if (other) return `The disclosure can only use {{business_name}}, not {{${other}}}.`;
  return undefined;
}

const windowEndProblem = 'The window must end after it starts.';

/** Adds an issue for a field when `problem` finds one. */
const check = (problem: (value: string) => string | undefined) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

export const callingRulesSchema = z.object({
  calling_window_start: z
    .string()
    .describe('Earliest time of day a call may start, HH:MM in the recipient’s local time (08:00 or later)'),
  calling_window_end: z
    .string()
    .describe('Time of day by which calls stop, HH:MM in the recipient’s local time (21:00 or earlier)'),
  daily_call_cap: z
    .number()
    .int()
    .describe(
      `Most calls one contact (one number) gets per day, from every source (${DAILY_CALL_CAP_MIN}-${DAILY_CALL_CAP_MAX})`,
    ),
  disclosure: z
    .string()
    .describe('What every call opens with; {{business_name}} is filled with the business’s name'),
  business_name: z.string().describe('The business’s name, as the disclosure says it'),
});
export type CallingRules = z.infer<typeof callingRulesSchema>;

const capMessage = `Allow between ${DAILY_CALL_CAP_MIN} and ${DAILY_CALL_CAP_MAX} calls per day.`;

/** Each rule's field, with the checks that need no other field. */
const ruleFields = {
  calling_window_start: z
    .string()
    .trim()
    .superRefine(check(startProblem))
    .describe('Earliest time of day to call, HH:MM (08:00 or later)'),
  calling_window_end: z
    .string()
    .trim()
    .superRefine(check(endProblem))
    .describe('Time of day by which calls stop, HH:MM (21:00 or earlier)'),
  daily_call_cap: z
    .number({ error: 'Enter a whole number of calls.' })
    .int('Enter a whole number of calls.')
    .min(DAILY_CALL_CAP_MIN, capMessage)
    .max(DAILY_CALL_CAP_MAX, capMessage)
    .describe(`Most calls per contact per day (${DAILY_CALL_CAP_MIN}-${DAILY_CALL_CAP_MAX})`),
  disclosure: z
    .string()
    .trim()
    .superRefine(check(disclosureProblem))
    .describe(
      `What every call opens with (${DISCLOSURE_MIN_LENGTH}-${DISCLOSURE_MAX_LENGTH} characters, must contain {{business_name}})`,
    ),
};

/** When both ends of the window are given: it must end after it starts (reported on the end). */
function windowCheck(
  input: { calling_window_start?: string; calling_window_end?: string },
  ctx: z.RefinementCtx,
): void {
  const [problem] = callingRulesProblems({
    calling_window_start: input.calling_window_start ?? '',
    calling_window_end: input.calling_window_end ?? '',
  });
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** Every rule at once: the Settings form. */
export const callingRulesInputSchema = z.object(ruleFields).strict().superRefine(windowCheck);
export type CallingRulesInput = z.infer<typeof callingRulesInputSchema>;

/** Some of the rules: PATCH /v1/account/calling-rules. */
export const updateCallingRulesInputSchema = z
  .object({
    calling_window_start: ruleFields.calling_window_start.optional(),
    calling_window_end: ruleFields.calling_window_end.optional(),
    daily_call_cap: ruleFields.daily_call_cap.optional(),
    disclosure: ruleFields.disclosure.optional(),
  })
  .strict()
  .superRefine(windowCheck);
export type UpdateCallingRulesInput = z.infer<typeof updateCallingRulesInputSchema>;

/**
 * The rules an account would have after a change, checked as a whole (a change of one end of the window is
 * checked against the other, saved end): the problems by field, empty when the rules hold.
 */
export function callingRulesProblems(rules: {
  calling_window_start: string;
  calling_window_end: string;
}): Array<{ field: string; message: string }> {
  const { calling_window_start: start, calling_window_end: end } = rules;
  if (isTimeOfDay(start) && isTimeOfDay(end) && minutesOfDay(end) <= minutesOfDay(start))
    return [{ field: 'calling_window_end', message: windowEndProblem }];
  return [];
}
