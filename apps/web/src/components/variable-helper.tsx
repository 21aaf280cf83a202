import { BUILT_IN_VARIABLES, variablesIn } from '@callwise/shared/variables';
import { PlusIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { VariableChip } from '@/components/variable-chip';

const VARIABLE_NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;
/** The longest name the server recognises as a variable (packages/shared/src/variables.ts). */
const MAX_VARIABLE_LENGTH = 40;

function checkName(name: string): string | null {
  if (!name) return 'Type a name for the variable.';
  if (!VARIABLE_NAME.test(name)) return 'Start with a letter; use only letters, numbers and _.';
  if (name.length > MAX_VARIABLE_LENGTH) return `Use at most ${MAX_VARIABLE_LENGTH} characters.`;
  return null;
}

/**
 * Under the script's content: buttons that insert {{first_name}}, {{last_name}}, {{name}}, {{date}}, {{time}} or a
 * custom {{variable}} at the cursor, and the variables the content uses so far.
 */
export function VariableHelper({
  content,
  onInsert,
}: {
  content: string;
  onInsert: (token: string) => void;
}) {
  const id = useId();
  const customId = `${id}-custom`;
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const used = variablesIn(content);

  const insertCustom = () => {
    const name = custom.trim();
    const problem = checkName(name);
    setError(problem);
    if (problem) return;
    onInsert(`{{${name}}}`);
    setCustom('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter inserts the variable; it must not submit the script form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      insertCustom();
    }
  };

  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-3" data-testid="variable-helper">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-xs font-medium text-muted-foreground">
          Insert a variable at the cursor
        </legend>
        <div className="flex flex-wrap gap-1.5">
          {BUILT_IN_VARIABLES.map((name) => (
            <Button
              key={name}
              type="button"
              size="sm"
              variant="outline"
              className="h-7 px-2 font-mono text-xs"
              onClick={() => onInsert(`{{${name}}}`)}
            >
              {`{{${name}}}`}
            </Button>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-1.5">
        <Label htmlFor={customId} className="text-xs">
          Custom variable
        </Label>
        <div className="flex gap-2">
          <Input
            id={customId}
            value={custom}
            placeholder="order_number"
            className="h-8 font-mono"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldMessageId(customId) : undefined}
            onChange={(event) => {
              setCustom(event.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
          />
          <Button type="button" size="sm" variant="secondary" onClick={insertCustom}>
            <PlusIcon aria-hidden="true" />
            Insert
          </Button>
        </div>
        {error && (
          <p id={fieldMessageId(customId)} className="text-[0.8125rem] text-destructive">
            {error}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-1.5" aria-live="polite" data-testid="variables-used">
        <span className="text-xs font-medium text-muted-foreground">Variables used:</span>
        {used.length === 0 ? (
          <span className="text-xs text-muted-foreground">none yet</span>
        ) : (
          used.map((name) => <VariableChip key={name} name={name} />)
        )}
      </div>
    </div>
  );
}
