import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

const VARIABLE = /(\{\{\s*[a-zA-Z][a-zA-Z0-9_]{0,39}\s*\}\})/g;

/** The text in runs of plain text and `{{variables}}` (the split keeps the captured group at odd places). */
function splitVariables(content: string) {
  let offset = 0;
  return content.split(VARIABLE).map((text, index) => {
    const segment = { text, offset, variable: index % 2 === 1 };
    offset += text.length;
    return segment;
  });
}

/** The script's text with its `{{variables}}` marked, clamped to four lines with a "Show more" toggle. */
export function ScriptContent({ content }: { content: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  const segments = splitVariables(content);

  return (
    <div className="grid justify-items-start gap-1">
      <p
        id={id}
        ref={ref}
        className={cn(
          'text-sm leading-relaxed break-words whitespace-pre-line text-foreground/85',
          !expanded && 'line-clamp-4',
        )}
      >
        {segments.map((segment) =>
          segment.variable ? (
            <span
              key={segment.offset}
              className="rounded bg-primary-soft px-0.5 font-medium text-primary-soft-foreground"
            >
              {segment.text}
            </span>
          ) : (
            segment.text
          ),
        )}
      </p>
      {(overflowing || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
