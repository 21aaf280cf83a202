import type { Call } from '@callwise/shared/schemas/calls';
import type { Script } from '@callwise/shared/schemas/scripts';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FailureDetail, refusalDetail, upgradeOffer } from '@/components/call-setup/failure-toast';
import { paths } from '@/config/paths';
import { useCreateCall } from '@/features/schedule-call/api/create-call';
import { useUpdateCall } from '@/features/schedule-call/api/update-call';
import { RULE_FIELDS, scheduleFieldOf } from '@/features/schedule-call/utils/schedule-errors';
import {
  MESSAGE_REQUIRED,
  type ScheduleFormValues,
  toCreateCallInput,
  toUpdateCallInput,
} from '@/features/schedule-call/utils/schedule-form';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { flowError, flowSuccess } from '@/lib/flow-toasts';
import { placeFieldErrors } from '@/lib/place-field-errors';

/** The toasts of the schedule form and of the edit dialog: a success takes the form's earlier errors away. */
export const SCHEDULE_FLOW = 'schedule-call';

/**
 * Schedule Call (or, when editing, Save Changes): the call is created or saved, or the server's problems go under
 * their fields with a toast. A refused submit moves the focus to the first invalid field in the page's order; a
 * scheduled call to the confirmation above the form.
 */
export function useScheduleSubmit({
  form,
  editing,
  script,
  onScheduled,
  onSaved,
  resetForm,
}: {
  form: UseFormReturn<ScheduleFormValues>;
  editing: Call | null;
  /** The script the message came from, if any. */
  script: Script | null;
  onScheduled: () => void;
  onSaved?: (call: Call) => void;
  resetForm: () => void;
}) {
  const navigate = useNavigate();
  const createCall = useCreateCall();
  const updateCall = useUpdateCall();
  const formRef = useRef<HTMLFormElement | null>(null);
  const successRef = useRef<HTMLParagraphElement | null>(null);
  /** A submit was refused: once its errors are on screen, the first invalid field takes the focus. */
  const focusInvalid = useRef(false);
  /** What the last successful schedule said; the focus goes there, as the button it came from is disabled. */
  const [scheduled, setScheduled] = useState<string | null>(null);
  const { setError, handleSubmit } = form;

  // A refused submit: the first invalid field in the page's order (Recipient name before Custom message), after
  // the render that marks them (the form publishes its errors after calling onInvalid).
  useEffect(() => {
    if (!focusInvalid.current) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    focusInvalid.current = false;
    field.focus();
  });

  // A scheduled call: its confirmation takes the focus (the Schedule Call button was disabled while it went).
  useEffect(() => {
    if (scheduled) successRef.current?.focus();
  }, [scheduled]);

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // The session ended; the API client has said so.
    let focused = placeFieldErrors(error, scheduleFieldOf, setError);
    const api = isApiError(error) ? error : null;
    if (api && api.status === 403 && /voice/i.test(api.message)) {
      setError('voice', { type: 'server', message: api.message }, { shouldFocus: !focused });
      focused = true;
    }
    const ruleField = api ? RULE_FIELDS[api.code] : undefined;
    if (api && ruleField) {
      // A calling rule said no: that is its own message, not a failure to try again.
      setError(ruleField, { type: 'server', message: api.message }, { shouldFocus: !focused });
      flowError(SCHEDULE_FLOW, editing ? 'Call not changed' : 'Call not scheduled', {
        description: api.message,
      });
      return;
    }
    const summary = editing ? 'The call could not be changed.' : 'Failed to schedule call. Please try again.';
    flowError(SCHEDULE_FLOW, 'Error', {
      description: <FailureDetail summary={summary} detail={refusalDetail(error)} />,
      ...upgradeOffer(error, () => navigate(paths.pricing)),
    });
  };

  const save = async (call: Call, values: ScheduleFormValues) => {
    let saved: Call;
    try {
      saved = await updateCall.mutateAsync({ id: call.id, input: toUpdateCallInput(values, script) });
    } catch (error) {
      showFailure(error);
      return;
    }
    flowSuccess(SCHEDULE_FLOW, 'Call updated', {
      description: `The call to ${saved.recipient_name} is set for ${formatDateTime(saved.scheduled_at)}.${saved.schedule_note ? ` ${saved.schedule_note}` : ''}`,
    });
    onSaved?.(saved);
  };

  const submit = handleSubmit(
    async (values) => {
      if (editing) return save(editing, values);
      setScheduled(null);
      let recipient: string;
      let note: string | null;
      try {
        const call = await createCall.mutateAsync(toCreateCallInput(values, script));
        recipient = call.recipient_name;
        note = call.schedule_note;
      } catch (error) {
        showFailure(error);
        return;
      }
      const description = `Your call to ${recipient || 'the recipient'} has been scheduled successfully.${note ? ` ${note}` : ''}`;
      flowSuccess(SCHEDULE_FLOW, 'Call Scheduled!', {
        description,
        action: { label: 'View', onClick: () => navigate(paths.callHistory) },
      });
      resetForm();
      setScheduled(description);
      onScheduled();
    },
    (invalid) => {
      setScheduled(null);
      focusInvalid.current = true;
      if (invalid.message?.message === MESSAGE_REQUIRED) {
        flowError(SCHEDULE_FLOW, 'Error', { description: MESSAGE_REQUIRED });
      }
    },
  );

  return { submit, formRef, successRef, scheduled };
}
