import type { Script } from '@callwise/shared/schemas/scripts';
import { CopyIcon, PencilIcon, PhoneOutgoingIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { VariableChip } from '@/components/variable-chip';
import { paths } from '@/config/paths';
import { ScriptCategoryBadge } from '@/features/scripts/components/script-category-badge';
import { ScriptContent } from '@/features/scripts/components/script-content';
import { formatDate } from '@/lib/dates';

/** Where Test goes: the dashboard's schedule view with this script's message filled in. */
export const testScriptHref = (id: string) =>
  `${paths.dashboard}?${new URLSearchParams({ schedule: '1', script: id })}`;

export interface ScriptCardProps {
  script: Script;
  cloning: boolean;
  onClone: (script: Script) => void;
  onEdit: (script: Script) => void;
  onDelete: (script: Script) => void;
}

export function ScriptCard({ script, cloning, onClone, onEdit, onDelete }: ScriptCardProps) {
  const titleId = useId();

  return (
    <Card role="article" aria-labelledby={titleId} data-testid="script-card" className="h-full gap-4 py-5">
      <CardHeader className="grid-cols-[1fr_auto] gap-x-3 px-5">
        <CardTitle as="h2" id={titleId} className="min-w-0 break-words">
          {script.title}
        </CardTitle>
        <div className="row-span-2">
          <ScriptCategoryBadge category={script.category} />
        </div>
      </CardHeader>

      <CardContent className="grid flex-1 content-start gap-4 px-5">
        <ScriptContent content={script.content} />
        {script.variables.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs text-muted-foreground">Variables:</span>
            <ul aria-label="Variables" className="contents">
              {script.variables.map((name) => (
                <li key={name}>
                  <VariableChip name={name} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>
            Created <time dateTime={script.created_at}>{formatDate(script.created_at)}</time>
          </span>
          <span>
            Updated <time dateTime={script.updated_at}>{formatDate(script.updated_at)}</time>
          </span>
        </p>
      </CardContent>

      <CardFooter className="flex-wrap gap-2 border-t px-5 pt-4">
        <Button asChild size="sm" variant="outline">
          <Link to={testScriptHref(script.id)} aria-label={`Test ${script.title}`}>
            <PhoneOutgoingIcon aria-hidden="true" />
            Test
          </Link>
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Clone ${script.title}`}
          disabled={cloning}
          onClick={() => onClone(script)}
        >
          <CopyIcon aria-hidden="true" />
          {cloning ? 'Cloning...' : 'Clone'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Edit ${script.title}`}
          onClick={() => onEdit(script)}
        >
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${script.title}`}
          className="text-destructive hover:bg-destructive-soft hover:text-destructive sm:ml-auto"
          onClick={() => onDelete(script)}
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
