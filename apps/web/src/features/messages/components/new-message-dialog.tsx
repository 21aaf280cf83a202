import type { Message } from '@callwise/shared/schemas/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSendMessage } from '@/features/messages/api/send-message';
import { bodyProblem, COMPOSER_ID } from '@/features/messages/components/composer';
import { SmsCounter } from '@/features/messages/components/sms-counter';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf } from '@/lib/form-errors';

interface Errors {
  to?: string;
  body?: string;
}

/**
 * A text to a number not yet in the list (or any number): the number, the message and its live size. Once sent,
 * `onSent` opens its conversation.
 */
export function NewMessageDialog({
  open,
  onOpenChange,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (message: Message) => void;
}) {
  const send = useSendMessage();
  const [to, setTo] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** Sent: on closing, the focus goes to the new conversation's message box, not back to the opener. */
  const sent = useRef(false);

  useEffect(() => {
    if (!open) return;
    setTo('');
    setBody('');
    setErrors({});
    sent.current = false;
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      to: to.trim() === '' ? 'Enter a phone number.' : undefined,
      body: bodyProblem(body),
    };
    setErrors(found);
    if (found.to) {
      document.getElementById('new-message-to')?.focus();
      return;
    }
    if (found.body) {
      document.getElementById('new-message-body')?.focus();
      return;
    }
    send.mutate(
      { to: to.trim(), body: body.trim() },
      {
        onSuccess: (message) => {
          sent.current = true;
          onSent(message);
        },
        onError: (error) => {
          // The toast has said what failed; the server's field problems go under their fields.
          const next: Errors = {};
          for (const problem of fieldErrorsOf(error)) {
            if (problem.field === 'to' || problem.field === 'contact_id') next.to = problem.message;
            else next.body = problem.message;
          }
          if (isApiError(error) && error.status === 409) next.to = error.message;
          setErrors(next);
          document.getElementById(next.to ? 'new-message-to' : 'new-message-body')?.focus();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          if (!sent.current) return;
          event.preventDefault();
          document.getElementById(COMPOSER_ID)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>New message</DialogTitle>
          <DialogDescription>Text a customer from your business number.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="New message" className="grid gap-5">
          <FormField
            id="new-message-to"
            label="Phone number"
            error={errors.to}
            description="With the country code for a number abroad, e.g. +44 20 7946 0958."
          >
            <Input
              id="new-message-to"
              type="tel"
              autoComplete="off"
              inputMode="tel"
              placeholder="(202) 555-0120"
              value={to}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={fieldMessageId('new-message-to')}
              onChange={(event) => {
                setTo(event.target.value);
                if (errors.to) setErrors((current) => ({ ...current, to: undefined }));
              }}
            />
          </FormField>
          <div className="grid gap-2">
            <FormField id="new-message-body" label="Message" error={errors.body}>
              <Textarea
                id="new-message-body"
                rows={4}
                value={body}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={[
                  errors.body ? fieldMessageId('new-message-body') : null,
                  'new-message-counter',
                ]
                  .filter(Boolean)
                  .join(' ')}
                className="max-h-60 min-h-24 resize-y"
                onChange={(event) => {
                  setBody(event.target.value);
                  if (errors.body) setErrors((current) => ({ ...current, body: undefined }));
                }}
              />
            </FormField>
            <SmsCounter id="new-message-counter" body={body} />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={send.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
