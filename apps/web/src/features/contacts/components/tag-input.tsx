import { PlusIcon, XIcon } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The server's limits on tags (packages/shared/src/schemas/contacts.ts). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
/** How many existing tags are offered at once. */
const MAX_SUGGESTIONS = 8;

export interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  /** Tags already in use, most used first. */
  suggestions: readonly string[];
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Tags as removable chips: type one and press Enter or a comma to add it, Backspace in the empty box removes
 * the last one. Existing tags are offered as buttons, and a tag typed in another case takes their spelling.
 */
export function TagInput({ id, value, onChange, onBlur, suggestions, invalid, describedBy }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const full = value.length >= MAX_TAGS;

  const add = (texts: string[]) => {
    const next = [...value];
    for (const text of texts) {
      const tag = text.trim().slice(0, MAX_TAG_LENGTH);
      if (!tag || next.length >= MAX_TAGS) continue;
      if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
      next.push(suggestions.find((known) => known.toLowerCase() === tag.toLowerCase()) ?? tag);
    }
    if (next.length !== value.length) onChange(next);
  };
  const commit = () => {
    if (!draft.trim()) return;
    add(draft.split(/[,;]/));
    setDraft('');
  };
  const remove = (tag: string) => {
    onChange(value.filter((item) => item !== tag));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[,;\n]/.test(text)) return;
    event.preventDefault();
    add(`${draft}${text}`.split(/[,;\n]/));
    setDraft('');
  };

  const typed = draft.trim().toLowerCase();
  const offered = suggestions
    .filter((tag) => !value.some((chosen) => chosen.toLowerCase() === tag.toLowerCase()))
    .filter((tag) => !typed || tag.toLowerCase().includes(typed))
    .slice(0, MAX_SUGGESTIONS);

  return (
    <div className="grid gap-2">
      {/* Clicks on the box's padding focus the text field; the chips' buttons are reachable by keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a convenience for pointer users only */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside takes the keyboard */}
      <div
        className={cn(
          'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 shadow-xs',
          'transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
          invalid && 'border-destructive',
        )}
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
      >
        {value.length > 0 && (
          <ul className="contents">
            {value.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary" className="gap-0.5 py-0 pr-0.5 pl-2">
                  {tag}
                  <button
                    type="button"
                    onClick={() => remove(tag)}
                    aria-label={`Remove tag ${tag}`}
                    className="flex size-5 items-center justify-center rounded-full outline-none hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <XIcon aria-hidden="true" className="size-3" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          type="text"
          autoComplete="off"
          enterKeyHint="enter"
          value={draft}
          disabled={full}
          maxLength={MAX_TAG_LENGTH * 4}
          placeholder={
            full ? `${MAX_TAGS} tags at most` : value.length ? 'Add another...' : 'Type a tag, press Enter'
          }
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            // A separator that did not come from a key press (autofill, IME, a pasted line) also ends a tag.
            const parts = event.target.value.split(/[,;]/);
            const rest = parts.pop() ?? '';
            if (parts.length > 0) add(parts);
            setDraft(rest);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          className="h-6 min-w-28 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed md:text-sm"
        />
      </div>
      {offered.length > 0 && !full && (
        <div className="flex flex-wrap items-center gap-1.5">
          <span aria-hidden="true" className="text-xs text-muted-foreground">
            Existing tags:
          </span>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              aria-label={`Add tag ${tag}`}
              onClick={() => {
                add([tag]);
                setDraft('');
              }}
              className="inline-flex items-center gap-0.5 rounded-full border border-dashed px-2 py-0.5 text-xs text-muted-foreground outline-none hover:border-solid hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <PlusIcon aria-hidden="true" className="size-3" />
              {tag}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
