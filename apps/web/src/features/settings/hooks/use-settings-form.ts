import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/**
 * A settings card's form: filled from what is saved, and on submit saved, reset to what the server answered
 * and toasted. A refused save puts each problem the server names under its field (`fieldOf`; the first taking
 * the focus when `focusFirst`), or, with none placed, toasts `errorTitle`.
 */
export function useSettingsForm<T extends FieldValues, Saved>({
  schema,
  saved,
  valuesFrom,
  save,
  fieldOf,
  focusFirst = false,
  savedToast,
  errorTitle,
}: {
  schema: z.ZodType<T, T>;
  saved: Saved;
  valuesFrom: (saved: Saved) => T;
  save: (values: T) => Promise<Saved>;
  fieldOf: (name: string) => FieldPath<T> | null;
  focusFirst?: boolean;
  savedToast: { title: string; description: string };
  errorTitle: string;
}): UseFormReturn<T> & { submit: (event?: BaseSyntheticEvent) => Promise<void> } {
  const form = useForm<T>({
    resolver: zodResolver(schema) as unknown as Resolver<T>,
    defaultValues: valuesFrom(saved) as DefaultValues<T>,
  });
  const { handleSubmit, reset, setError } = form;

  const submit = handleSubmit(async (values) => {
    try {
      reset(valuesFrom(await save(values)));
      toast.success(savedToast.title, { description: savedToast.description });
    } catch (error) {
      const problems = fieldErrorsOf(error).flatMap((problem) => {
        const field = fieldOf(problem.field);
        return field ? [{ field, message: problem.message }] : [];
      });
      problems.forEach((problem, index) => {
        setError(
          problem.field,
          { message: problem.message },
          focusFirst ? { shouldFocus: index === 0 } : undefined,
        );
      });
      if (problems.length === 0) toast.error(errorTitle, { description: errorMessage(error) });
    }
  });

  return { ...form, submit };
}
