import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { DocumentSaveBar, showFieldErrors } from '@/features/settings/components/document-form-parts';
import { errorMessage } from '@/lib/errors';

/**
 * A Settings document edited as one form (Booking, Assistant): its cards, then the save bar. One Save replaces the
 * whole document (PUT), as the server takes it; the saved document becomes the form's values again, and a refused
 * save puts the server's problems on their inputs (or says why in a toast).
 */
export function DocumentForm<Values extends FieldValues>({
  values,
  resolver,
  save,
  fieldOf,
  label,
  testId,
  saveLabel,
  saved,
  failed,
  children,
}: {
  /** The saved document as the form's values (Cancel puts them back). */
  values: Values;
  resolver: Resolver<Values>;
  /** Saves the form's values; answers the saved document as the form's values. */
  save: (values: Values) => Promise<Values>;
  /** The form's field for a server problem's field, or null. */
  fieldOf: (field: string) => string | null;
  label: string;
  testId: string;
  saveLabel: string;
  /** The toast once saved. */
  saved: { title: string; description: string };
  /** The toast's title when the save fails for no field. */
  failed: string;
  children: ReactNode;
}) {
  const form = useForm<Values>({ resolver, defaultValues: values as DefaultValues<Values> });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  const submit = handleSubmit(async (next) => {
    try {
      reset(await save(next));
      toast.success(saved.title, { description: saved.description });
    } catch (error) {
      const shown = showFieldErrors(error, fieldOf, setError);
      if (shown === 0) toast.error(failed, { description: errorMessage(error) });
    }
  });

  const formError = errors.root?.document?.message;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={label}
        className="grid min-w-0 gap-6"
        data-testid={testId}
      >
        <UnsavedChangesGuard when={isDirty && !isSubmitting} />
        {children}
        <DocumentSaveBar
          isDirty={isDirty}
          isSubmitting={isSubmitting}
          error={formError}
          saveLabel={saveLabel}
          onCancel={() => reset(values)}
        />
      </form>
    </FormProvider>
  );
}
