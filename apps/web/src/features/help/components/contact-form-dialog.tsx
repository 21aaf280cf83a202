import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '@callwise/shared/product';
import { type SupportMessageInput, supportMessageInputSchema } from '@callwise/shared/schemas/support';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { createSupportMessage } from '@/features/help/api/create-support-message';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf } from '@/lib/form-errors';

type Values = { name: string; email: string; message: string };
const FIELDS: ReadonlyArray<FieldPath<Values>> = ['name', 'email', 'message'];

export interface ContactFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Filled in for a signed-in user. */
  defaults?: Partial<Values>;
}

/**
 * "Send a Message" on the Help page (the spec's "Live Chat", named for what it is: no one chats live): a message to the support team, sent by e-mail, with a copy to the sender.
 * Anyone may write; no account is needed.
 */
export function ContactFormDialog({ open, onOpenChange, defaults }: ContactFormDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...returnFocus} className="max-w-lg">
        {open && <ContactForm defaults={defaults} />}
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ defaults }: { defaults?: Partial<Values> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, SupportMessageInput>({
    resolver: zodResolver(supportMessageInputSchema),
    defaultValues: { name: defaults?.name ?? '', email: defaults?.email ?? '', message: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await createSupportMessage(values);
    } catch (error) {
      const problems = fieldErrorsOf(error).filter((problem) =>
        (FIELDS as readonly string[]).includes(problem.field),
      );
      problems.forEach((problem, index) => {
        setError(
          problem.field as FieldPath<Values>,
          { type: 'server', message: problem.message },
          {
            shouldFocus: index === 0,
          },
        );
      });
      if (problems.length === 0) {
        setFailure(isApiError(error) ? error.message : 'Your message could not be sent. Please try again.');
      }
      return;
    }
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <>
        <DialogHeader className="items-center pt-2 text-center sm:text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <CircleCheckIcon aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle className="mt-2">Message sent</DialogTitle>
          <DialogDescription role="status">
            Thank you! We have e-mailed a copy to {sentTo}. Our support team replies in about{' '}
            {SUPPORT_REPLY_HOURS} hours.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Message support</DialogTitle>
        <DialogDescription>
          Tell us what you need and we will answer by e-mail, usually in about {SUPPORT_REPLY_HOURS} hours.
          You can also write to {SUPPORT_EMAIL}.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="support-name" label="Name" error={errors.name?.message}>
          <Input
            id="support-name"
            autoComplete="name"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? fieldMessageId('support-name') : undefined}
            {...register('name')}
          />
        </FormField>
        <FormField id="support-email" label="Email" error={errors.email?.message}>
          <Input
            id="support-email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? fieldMessageId('support-email') : undefined}
            {...register('email')}
          />
        </FormField>
      </div>
      <FormField id="support-message" label="Message" error={errors.message?.message}>
        <Textarea
          id="support-message"
          rows={5}
          placeholder="How can we help?"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? fieldMessageId('support-message') : undefined}
          {...register('message')}
        />
      </FormField>

      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          <SendIcon aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </DialogFooter>
    </form>
  );
}
