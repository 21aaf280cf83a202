import { SMS_MAX_LENGTH } from '@callwise/shared/sms';
import { SendIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useSendMessage } from '@/features/messages/api/send-message';
import { SmsCounter } from '@/features/messages/components/sms-counter';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf } from '@/lib/form-errors';

export const COMPOSER_ID = 'message-body';
const COUNTER_ID = `${COMPOSER_ID}-counter`;

/** What is wrong with a text before it is sent (the server's own rules and words). */
export function bodyProblem(body: string): string | undefined {
  if (body.trim() === '') return 'Write a message.';
  if (body.trim().length > SMS_MAX_LENGTH) return `A text can be at most ${SMS_MAX_LENGTH} characters.`;
  return undefined;
}

/** Why the server refused a text, for the message field: its field problems, an opt-out, else nothing. */
export function refusalOf(error: unknown): string | undefined {
  const problems = fieldErrorsOf(error);
  if (problems.length > 0) return problems.map((problem) => problem.message).join(' ');
  if (isApiError(error) && error.status === 409) return error.message;
  return undefined;
}

/**
 * The box to write the next text of a conversation: its live size and price, Send (or Ctrl/⌘+Enter). The focus
 * stays in the box after sending, ready for the next text.
 */
export function Composer({ phone, autoFocus = false }: { phone: string; autoFocus?: boolean }) {
  const send = useSendMessage();
  const box = useRef<HTMLTextAreaElement | null>(null);

  // Opened by sending its first text (New message): ready for the next one.
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const problem = bodyProblem(body);
    setError(problem);
    if (problem) return;
    send.mutate(
      { to: phone, body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          setError(undefined);
          // Sent with the button: back to the box for the next text.
          box.current?.focus();
        },
        onError: (failure) => setError(refusalOf(failure)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Send a text" className="grid gap-2 border-t p-3 sm:p-4">
      <FormField id={COMPOSER_ID} label="Message" error={error}>
        <Textarea
          id={COMPOSER_ID}
          ref={box}
          rows={3}
          value={body}
          placeholder="Write a text…"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? fieldMessageId(COMPOSER_ID) : null, COUNTER_ID]
            .filter(Boolean)
            .join(' ')}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          // Read-only, not disabled, while it goes: the focus stays here.
          readOnly={send.isPending}
          className="max-h-48 min-h-20 resize-y"
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <SmsCounter id={COUNTER_ID} body={body} />
        <Button type="submit" size="sm" disabled={send.isPending} className="ml-auto">
          <SendIcon aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
