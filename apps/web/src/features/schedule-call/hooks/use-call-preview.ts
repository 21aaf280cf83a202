import type { Contact } from '@callwise/shared/schemas/contacts';
import { isRecipientVariable, variablesIn } from '@callwise/shared/variables';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SCHEDULE_FLOW } from '@/features/schedule-call/hooks/use-schedule-submit';
import { useVoicePreview } from '@/features/schedule-call/hooks/use-voice-preview';
import {
  missingValue,
  PREVIEW_MESSAGE_REQUIRED,
  type ScheduleFormValues,
  toPreviewInput,
  valueVariables,
} from '@/features/schedule-call/utils/schedule-form';
import { flowError } from '@/lib/flow-toasts';

/**
 * The voice preview of the call being written, and the variables its message needs values for. Generating asks
 * for the message and those values first; a change to what the preview speaks discards it.
 */
export function useCallPreview(
  form: Pick<UseFormReturn<ScheduleFormValues>, 'getValues' | 'setError' | 'clearErrors'>,
  watched: {
    voice: string;
    message: string;
    recipientName: string;
    variables: Record<string, string> | undefined;
  },
  contact: Contact | null,
) {
  const { getValues, setError, clearErrors } = form;
  const { voice, message, recipientName, variables } = watched;
  const needed = useMemo(() => valueVariables(message), [message]);
  const usesName = useMemo(() => variablesIn(message).some(isRecipientVariable), [message]);
  // What the preview speaks: a change to any of it (message, voice, a value) discards the preview.
  const previewContent = JSON.stringify([
    voice,
    message.trim(),
    needed.map((name) => variables?.[name]?.trim() ?? ''),
    usesName ? recipientName.trim() : '',
    usesName ? (contact?.id ?? '') : '',
  ]);
  const voicePreview = useVoicePreview(previewContent);

  const generate = () => {
    const values = getValues();
    if (!values.message.trim()) {
      setError('message', { type: 'preview', message: PREVIEW_MESSAGE_REQUIRED }, { shouldFocus: true });
      flowError(SCHEDULE_FLOW, 'Error', { description: PREVIEW_MESSAGE_REQUIRED });
      return;
    }
    const missing = needed.filter((name) => !values.variables[name]?.trim());
    if (missing.length > 0) {
      missing.forEach((name, index) => {
        setError(
          `variables.${name}`,
          { type: 'preview', message: missingValue(name) },
          { shouldFocus: index === 0 },
        );
      });
      flowError(SCHEDULE_FLOW, 'Error', {
        description: `Failed to generate voice preview: ${missing.map((name) => `{{${name}}}`).join(', ')} ${missing.length === 1 ? 'needs a value' : 'need values'} first.`,
      });
      return;
    }
    clearErrors('message');
    void voicePreview.generate(toPreviewInput(values, contact));
  };

  return { voicePreview, needed, generate };
}
