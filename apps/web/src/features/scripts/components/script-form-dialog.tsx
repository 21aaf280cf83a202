import { offersKeyMenu } from '@callwise/shared/call-prompt';
import { SCRIPT_CATEGORIES } from '@callwise/shared/calls';
import { type Script, updateScriptInputSchema } from '@callwise/shared/schemas/scripts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { VariableHelper } from '@/components/variable-helper';
import { useCreateScript } from '@/features/scripts/api/create-script';
import { useUpdateScript } from '@/features/scripts/api/update-script';
import { CATEGORY_LABELS } from '@/features/scripts/components/script-category-badge';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { fieldErrorsOf } from '@/lib/form-errors';

/** The server's own rules for a script (title and content required, category one of four). */
const scriptFormSchema = updateScriptInputSchema.required();
type ScriptFormValues = z.infer<typeof scriptFormSchema>;
const FIELDS = ['title', 'content', 'category'] as const;

/** Under the content: the call adds the key menu, unless the script offers the keys itself. */
const menuHint = (content: string) =>
  offersKeyMenu(content)
    ? 'This script offers its own keys (“Press 1…”), so the call adds no menu after it.'
    : 'Every call ends with the key menu (1 confirm, 2 cancel, 3 reschedule, 9 stop calls): no need to write one.';

const valuesFrom = (script: Script | null): ScriptFormValues => ({
  title: script?.title ?? '',
  content: script?.content ?? '',
  category: script?.category ?? 'general',
});

export interface ScriptFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The script to edit; null to create one. */
  script: Script | null;
}

/** Add or edit a script: title, category, content (6 rows) and the variable helper. Closes after saving. */
export function ScriptFormDialog({ open, onOpenChange, script }: ScriptFormDialogProps) {
  const create = useCreateScript();
  const update = useUpdateScript();
  const returnFocus = useReturnFocus();
  const contentRef = useRef<HTMLTextAreaElement | null>(null);
  /** Until the content box has had the focus, a variable goes at the end of the text. */
  const cursorPlaced = useRef(false);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = useForm<ScriptFormValues>({
    resolver: zodResolver(scriptFormSchema),
    defaultValues: valuesFrom(script),
  });

  useEffect(() => {
    if (!open) return;
    reset(valuesFrom(script));
    cursorPlaced.current = false;
  }, [open, script, reset]);

  const insertAtCursor = (token: string) => {
    const element = contentRef.current;
    const value = getValues('content') ?? '';
    const start = cursorPlaced.current && element ? element.selectionStart : value.length;
    const end = cursorPlaced.current && element ? element.selectionEnd : value.length;
    setValue('content', value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
      cursorPlaced.current = true;
    });
  };

  const submit = handleSubmit(async (values) => {
    try {
      if (script) await update.mutateAsync({ id: script.id, ...values });
      else await create.mutateAsync(values);
    } catch (error) {
      // The toast has told what failed; the server's field problems go under their fields.
      for (const problem of fieldErrorsOf(error)) {
        const field = FIELDS.find((name) => name === problem.field);
        if (field) setError(field, { message: problem.message }, { shouldFocus: true });
      }
      return;
    }
    onOpenChange(false);
  });

  const { ref: contentFieldRef, ...contentField } = register('content');
  const titleError = errors.title?.message;
  const contentError = errors.content?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{script ? 'Edit Script' : 'New Script'}</DialogTitle>
          <DialogDescription>
            {script
              ? 'Change the words your calls use. Calls already placed keep their text.'
              : 'Write what the AI voice says. Variables are filled in for each call.'}
          </DialogDescription>
        </DialogHeader>

        <form
          onSubmit={submit}
          noValidate
          className="grid gap-5"
          aria-label={script ? 'Edit script' : 'New script'}
        >
          <div className="grid gap-5 sm:grid-cols-[1fr_11rem]">
            <FormField id="script-title" label="Title" error={titleError}>
              <Input
                id="script-title"
                autoComplete="off"
                placeholder="Appointment reminder"
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? fieldMessageId('script-title') : undefined}
                {...register('title')}
              />
            </FormField>
            <FormField id="script-category" label="Category" error={errors.category?.message}>
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="script-category" className="w-full" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {SCRIPT_CATEGORIES.map((category) => (
                        <SelectItem key={category} value={category}>
                          {CATEGORY_LABELS[category]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>

          <FormField
            id="script-content"
            label="Content"
            error={contentError}
            description={menuHint(watch('content') ?? '')}
          >
            <Textarea
              id="script-content"
              rows={6}
              placeholder="Hi {{first_name}}, this is a reminder of your appointment on {{date}} at {{time}}."
              aria-invalid={contentError ? true : undefined}
              aria-describedby={fieldMessageId('script-content')}
              className="min-h-36 resize-y"
              ref={(element) => {
                contentFieldRef(element);
                contentRef.current = element;
              }}
              onFocus={() => {
                cursorPlaced.current = true;
              }}
              {...contentField}
            />
          </FormField>

          <VariableHelper content={watch('content') ?? ''} onInsert={insertAtCursor} />

          <DialogFooter>
            <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting || (script !== null && !isDirty)}>
              {script
                ? isSubmitting
                  ? 'Saving...'
                  : 'Save Changes'
                : isSubmitting
                  ? 'Creating...'
                  : 'Create Script'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
