import type { Database } from '@callwise/db/client';
import {
  type CallingRulesRow,
  getCallingRules,
  updateCallingRules,
} from '@callwise/db/queries/calling-rule-settings';
import {
  type CallingRules,
  callingRulesProblems,
  type UpdateCallingRulesInput,
} from '@callwise/shared/schemas/calling-rules';
import { AppError, notFound } from '../../http/app-error.ts';

function rulesResponse(row: CallingRulesRow): CallingRules {
  return {
    calling_window_start: row.callingWindowStart,
    calling_window_end: row.callingWindowEnd,
    daily_call_cap: row.dailyCallCap,
    disclosure: row.disclosure,
    business_name: row.businessName,
  };
}

export async function readCallingRules(db: Database, accountId: string): Promise<CallingRules> {
  const row = await getCallingRules(db, accountId);
  if (!row) throw notFound('Account');
  return rulesResponse(row);
}

/** Changes the rules given; the window is checked as a whole against the saved end it keeps. */
export async function changeCallingRules(
  db: Database,
  accountId: string,
  input: UpdateCallingRulesInput,
): Promise<CallingRules> {
  const patch: Parameters<typeof updateCallingRules>[2] = {};
  if (input.calling_window_start !== undefined) patch.callingWindowStart = input.calling_window_start;
  if (input.calling_window_end !== undefined) patch.callingWindowEnd = input.calling_window_end;
  if (input.daily_call_cap !== undefined) patch.dailyCallCap = input.daily_call_cap;
  if (input.disclosure !== undefined) patch.disclosure = input.disclosure;
  const row = await updateCallingRules(db, accountId, patch, (next) => {
    const problems = callingRulesProblems({
      calling_window_start: next.callingWindowStart,
      calling_window_end: next.callingWindowEnd,
    });
    const [first] = problems;
    if (first) throw new AppError('validation_failed', `${first.field}: ${first.message}`, problems);
  });
  if (!row) throw notFound('Account');
  return rulesResponse(row);
}
