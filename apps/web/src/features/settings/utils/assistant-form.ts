import { formatPhone } from '@callwise/shared/phone';
import {
  type AssistantSettings,
  type AssistantSettingsInput,
  assistantSettingsInputSchema,
  type KnowledgeTopic,
} from '@callwise/shared/schemas/assistant';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { paths } from '@/config/paths';

/** A call's page in Call History: the inbound calls, with its details open. */
export const inboundCallHref = (callId: string) =>
  `${paths.callHistory}?direction=inbound&call=${encodeURIComponent(callId)}`;

/** The form: the document as it is edited (no greeting or transfer number as ''). */
export interface AssistantFormValues {
  greeting: string;
  transfer_number: string;
  transfer_ring_seconds: number;
  knowledge: { topic: KnowledgeTopic; question: string; answer: string }[];
}

export function assistantValuesFrom(settings: AssistantSettings): AssistantFormValues {
  return {
    greeting: settings.greeting ?? '',
    transfer_number: settings.transfer_number ? formatPhone(settings.transfer_number) : '',
    transfer_ring_seconds: settings.transfer_ring_seconds,
    knowledge: settings.knowledge.map((entry) => ({ ...entry })),
  };
}

export function assistantDocumentFrom(values: AssistantFormValues): AssistantSettingsInput {
  const greeting = values.greeting.trim();
  const transfer = values.transfer_number.trim();
  return {
    greeting: greeting === '' ? null : greeting,
    transfer_number: transfer === '' ? null : transfer,
    transfer_ring_seconds: values.transfer_ring_seconds,
    knowledge: values.knowledge,
  };
}

/**
 * The form field a problem of the document names (`knowledge.2.answer`, `transfer_number`, …), or null when no
 * input shows it. The list's own problem (too many entries) goes to its `.root`.
 */
export function assistantFieldOf(field: string): string | null {
  if (field === 'knowledge') return 'knowledge.root';
  if (
    field === 'greeting' ||
    field === 'transfer_number' ||
    field === 'transfer_ring_seconds' ||
    /^knowledge\.\d+\.(topic|question|answer)$/.test(field)
  )
    return field;
  return null;
}

/** Checks the form with the shared schema, each problem on the input that shows it (the server checks the same). */
export const assistantResolver: Resolver<AssistantFormValues> = async (values, _context, options) => {
  const parsed = assistantSettingsInputSchema.safeParse(assistantDocumentFrom(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const field = assistantFieldOf(issue.path.join('.')) ?? 'root.document';
    flat[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<AssistantFormValues> };
};

/** A line of only keys (0–9, * and #) is pressed; any other line is said. Blank lines are skipped. */
export function callerInputsFrom(text: string): Array<{ digits: string } | { speech: string }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => (/^[0-9*#\s]+$/.test(line) ? { digits: line.replace(/\s+/g, '') } : { speech: line }));
}
