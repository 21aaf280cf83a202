import type { Call } from '@callwise/shared/schemas/calls';
import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import type { Script } from '@callwise/shared/schemas/scripts';
import { findVoice } from '@callwise/shared/voices';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type FieldPath, type FieldPathValue, useForm, useWatch } from 'react-hook-form';
import { useVoiceList } from '@/components/call-setup/voice-field';
import { useContact } from '@/features/schedule-call/api/get-contact';
import { useScript } from '@/features/schedule-call/api/get-script';
import { CallDetailsSection } from '@/features/schedule-call/components/call-details-section';
import { useWindowMove } from '@/features/schedule-call/components/calling-window-hint';
import { MessageSection } from '@/features/schedule-call/components/message-section';
import { RecipientSection } from '@/features/schedule-call/components/recipient-section';
import { ScheduleHeader } from '@/features/schedule-call/components/schedule-header';
import { ScheduleReview } from '@/features/schedule-call/components/schedule-review';
import { useAddressPrefill } from '@/features/schedule-call/hooks/use-address-prefill';
import { useCallPreview } from '@/features/schedule-call/hooks/use-call-preview';
import { useMessageBox } from '@/features/schedule-call/hooks/use-message-box';
import { useRecipient } from '@/features/schedule-call/hooks/use-recipient';
import { useScheduleSubmit } from '@/features/schedule-call/hooks/use-schedule-submit';
import {
  emptyScheduleForm,
  type ScheduleFormValues,
  scheduleFormFromCall,
  scheduleFormSchema,
} from '@/features/schedule-call/utils/schedule-form';
import { nextMinute } from '@/features/schedule-call/utils/schedule-time';
import { callTypeForScript } from '@/features/schedule-call/utils/templates';
import { parseLocalInputValue, toLocalInputValue } from '@/lib/dates';

type Usage = Dashboard['usage'];

export interface ScheduleCallViewProps {
  /** The plan's allowance (from the dashboard); undefined while loading. */
  usage: Usage | undefined;
  /** The built-in simulated carrier places the calls: say so. */
  simulated: boolean;
  /** Prefill from the address: `?contact=<id>` (Call Now) and `?script=<id>` (Test). */
  contactId: string | null;
  scriptId: string | null;
  /** Prefill the recipient with this number (E.164): your own, for the checklist's test call (`?test=1`). */
  testCallTo?: string | null;
  /** Cancel and Back to Dashboard. */
  onClose: () => void;
  /** After a call has been scheduled and the form reset: the prefill in the address is used up. */
  onScheduled: () => void;
  /** The call's cost, shown above the Schedule button (the page gives the billing feature's estimate). */
  costEstimate?: ReactNode;
  /**
   * Edit this call (not gone out yet) instead of scheduling a new one: the form starts from it, has no page
   * header (the dialog around it has the title), and saves with PATCH /v1/calls/{id}.
   */
  editing?: Call | null;
  /** After the edited call was saved. */
  onSaved?: (call: Call) => void;
}

/**
 * The dashboard's schedule view: who to call (typed or one of the contacts), the call type, when, the AI voice
 * and the message (typed, from a quick template or from a script, with variables), a voice preview, and
 * Schedule Call. A scheduled call resets the form and the preview.
 */
export function ScheduleCallView({
  usage,
  simulated,
  contactId,
  scriptId,
  testCallTo = null,
  onClose,
  onScheduled,
  costEstimate,
  editing = null,
  onSaved,
}: ScheduleCallViewProps) {
  const { voiceList } = useVoiceList();
  const prefillContact = useContact(contactId);
  const prefillScript = useScript(scriptId);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const [script, setScript] = useState<Script | null>(null);

  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: editing ? scheduleFormFromCall(editing) : emptyScheduleForm('custom'),
    // The form's own order would be the order the fields registered in; the page's order is taken on submit.
    shouldFocusError: false,
  });
  const {
    control,
    setValue,
    getValues,
    reset,
    formState: { isSubmitting, isSubmitted },
  } = form;

  /** Sets a field as typing would: dirty, and checked again once the form has been submitted. */
  const setField = <K extends FieldPath<ScheduleFormValues>>(
    name: K,
    value: FieldPathValue<ScheduleFormValues, K>,
  ) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  const { contact, setContact, recipientRef, pick, clear, applyTestNumber } = useRecipient(form, setField);

  const [voice, message, recipientName, phone, scheduledAt, variables] = useWatch({
    control,
    name: ['voice', 'message', 'recipientName', 'phone', 'scheduledAt', 'variables'],
  });
  const callType = useWatch({ control, name: 'callType' });
  const { voicePreview, needed, generate } = useCallPreview(
    form,
    { voice, message: message ?? '', recipientName: recipientName ?? '', variables },
    contact,
  );

  // The view opens with its heading focused, so that keyboard and screen reader users start at the top.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const messageBox = useMessageBox(
    () => getValues('message') ?? '',
    (text) => setField('message', text),
  );

  const pickScript = (picked: Script) => {
    setScript(picked);
    messageBox.replace(picked.content);
    const type = callTypeForScript(picked);
    if (type) setField('callType', type);
  };

  const resetForm = () => {
    voicePreview.discard();
    reset(emptyScheduleForm('custom'));
    setContact(null);
    setScript(null);
    messageBox.forgetCursor();
  };

  const { submit, formRef, successRef, scheduled } = useScheduleSubmit({
    form,
    editing,
    script,
    onScheduled,
    onSaved,
    resetForm,
  });

  useAddressPrefill(
    { contact: prefillContact.data, script: prefillScript.data, testCallTo },
    { contact: pick, script: pickScript, testNumber: applyTestNumber },
  );

  const selectedVoice = voiceList.find((item) => item.id === voice) ?? findVoice(voice);
  const when = parseLocalInputValue(scheduledAt ?? '');
  const windowMove = useWindowMove(when, phone ?? '', contact?.timezone);
  const fromScript = script && (message ?? '').trim() === script.content.trim() ? script : null;

  return (
    <div className="grid grid-cols-1 gap-6" data-testid={editing ? 'edit-call-view' : 'schedule-view'}>
      {!editing && (
        <ScheduleHeader
          usage={usage}
          simulated={simulated}
          headingRef={headingRef}
          onClose={onClose}
          onUseNumber={applyTestNumber}
          scheduled={scheduled}
          successRef={successRef}
        />
      )}

      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        {...(editing ? { 'aria-label': 'Edit the call' } : { 'aria-labelledby': 'schedule-heading' })}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="grid min-w-0 gap-6">
          <RecipientSection
            contact={contact}
            callType={callType}
            loading={prefillContact.isFetching && !contact}
            onSelect={pick}
            onClear={clear}
            form={form}
            recipientRef={recipientRef}
          />
          <CallDetailsSection
            form={form}
            onNow={() => setField('scheduledAt', toLocalInputValue(nextMinute()))}
            windowMove={windowMove}
          />
          <MessageSection
            message={message ?? ''}
            needed={needed}
            fromScript={fromScript}
            onPickScript={pickScript}
            onTemplate={(template) => {
              setScript(null);
              messageBox.replace(template.message);
              setField('callType', template.callType);
            }}
            messageBox={messageBox}
            form={form}
          />
        </div>

        <ScheduleReview
          editing={editing !== null}
          voicePreview={voicePreview}
          onGeneratePreview={generate}
          voice={selectedVoice}
          voiceId={String(voice)}
          recipientName={recipientName ?? ''}
          phone={phone ?? ''}
          when={when}
          windowMove={windowMove}
          costEstimate={costEstimate}
          onClose={onClose}
          submitting={isSubmitting}
        />
      </form>
    </div>
  );
}
