import {
  KNOWLEDGE_TOPIC_LABELS,
  KNOWLEDGE_TOPICS,
  MAX_KNOWLEDGE_ANSWER,
  MAX_KNOWLEDGE_ENTRIES,
} from '@callwise/shared/schemas/assistant';
import { BookOpenTextIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { AssistantFormValues } from '@/features/settings/utils/assistant-form';

/** One entry: what it is about, the question callers ask and what the assistant answers. */
function KnowledgeEntry({ index, onRemove }: { index: number; onRemove: () => void }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<AssistantFormValues>();
  const id = `knowledge-${index}`;
  const question = watch(`knowledge.${index}.question`);
  const problems = errors.knowledge?.[index];
  const what = question.trim() ? `“${question.trim()}”` : `entry ${index + 1}`;
  const described = (field: 'topic' | 'question' | 'answer') =>
    problems?.[field] ? fieldMessageId(`${id}-${field}`) : undefined;
  return (
    <li className="py-4 first:pt-0" data-testid="knowledge-entry">
      <fieldset className="grid min-w-0 gap-3">
        <div className="flex items-center justify-between gap-2">
          <legend className="float-left text-sm font-medium">Entry {index + 1}</legend>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove ${what}`}
            onClick={onRemove}
            className="text-muted-foreground hover:text-destructive"
          >
            <Trash2Icon aria-hidden="true" />
            Remove
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <FormField id={`${id}-topic`} label="Topic" error={problems?.topic?.message}>
            <NativeSelect
              id={`${id}-topic`}
              aria-invalid={problems?.topic ? true : undefined}
              aria-describedby={described('topic')}
              {...register(`knowledge.${index}.topic`)}
            >
              {KNOWLEDGE_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {KNOWLEDGE_TOPIC_LABELS[topic]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-question`} label="Question" error={problems?.question?.message}>
            <Input
              id={`${id}-question`}
              autoComplete="off"
              maxLength={200}
              placeholder="Where can I park?"
              aria-invalid={problems?.question ? true : undefined}
              aria-describedby={described('question')}
              {...register(`knowledge.${index}.question`)}
            />
          </FormField>
        </div>
        <FormField
          id={`${id}-answer`}
          label="Answer"
          error={problems?.answer?.message}
          description={problems?.answer ? undefined : 'Said word for word.'}
        >
          <Textarea
            id={`${id}-answer`}
            rows={2}
            maxLength={MAX_KNOWLEDGE_ANSWER}
            placeholder="There is free parking behind the building."
            aria-invalid={problems?.answer ? true : undefined}
            aria-describedby={fieldMessageId(`${id}-answer`)}
            {...register(`knowledge.${index}.answer`)}
          />
        </FormField>
      </fieldset>
    </li>
  );
}

/** Settings → Assistant: the questions callers ask, and the answers the assistant gives them. */
export function AssistantKnowledgeCard() {
  const {
    control,
    setFocus,
    formState: { errors },
  } = useFormContext<AssistantFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'knowledge' });
  const addButton = useRef<HTMLButtonElement>(null);
  /** After a removal: the entry to focus (-1: the add button), once the list has re-rendered. */
  const focusAfterRemove = useRef<number | null>(null);
  const listError = errors.knowledge?.root?.message ?? errors.knowledge?.message;
  const full = fields.length >= MAX_KNOWLEDGE_ENTRIES;

  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    if (target < 0 || target >= fields.length) addButton.current?.focus();
    else setFocus(`knowledge.${target}.topic`);
  }, [fields.length, setFocus]);

  const removeAt = (index: number) => {
    // The previous entry; the first one's removal goes to the entry that takes its place, else to Add.
    focusAfterRemove.current = index > 0 ? index - 1 : fields.length > 1 ? 0 : -1;
    remove(index);
  };

  return (
    <Card role="region" aria-labelledby="assistant-knowledge-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-knowledge-heading">
          Knowledge
        </CardTitle>
        <CardDescription>
          What callers ask, and what the assistant answers. It answers only from these, quoting the answer as
          written; a question it has no answer for becomes a message for you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <BookOpenTextIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="font-medium">No answers yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Add the questions callers ask most: your hours, where to park, prices. Until then the assistant
              takes a message for every question.
            </p>
          </div>
        ) : (
          <ul className="grid divide-y" aria-label="Knowledge entries">
            {fields.map((field, index) => (
              <KnowledgeEntry key={field.id} index={index} onRemove={() => removeAt(index)} />
            ))}
          </ul>
        )}
        {listError && (
          <p role="alert" className="text-[0.8125rem] text-destructive">
            {listError}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            className="w-fit"
            disabled={full}
            onClick={() =>
              append(
                { topic: 'other', question: '', answer: '' },
                { shouldFocus: true, focusName: undefined },
              )
            }
          >
            <PlusIcon aria-hidden="true" />
            Add an answer
          </Button>
          <p className="text-[0.8125rem] text-muted-foreground" data-testid="knowledge-count">
            {fields.length} of {MAX_KNOWLEDGE_ENTRIES} entries
            {full ? ': remove one to add another.' : ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
