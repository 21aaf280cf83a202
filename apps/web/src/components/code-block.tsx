import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId } from 'react';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useScrollRegion } from '@/hooks/use-scroll-region';
import { cn } from '@/lib/utils';

/**
 * A block of code with a copy-to-clipboard button that confirms for two seconds. A line longer than the block
 * scrolls sideways inside it (never the page), and the block then takes the focus so the keyboard scrolls it.
 */
export function CodeBlock({ code, label, className }: { code: string; label: string; className?: string }) {
  const { copied, copy: copyText } = useCopyToClipboard();
  const labelId = useId();
  const region = useScrollRegion<HTMLPreElement>({ labelledBy: labelId });

  const copy = () => copyText(code);

  return (
    <div
      data-slot="code-block"
      // Its width comes from where it is placed, never from its longest line (`contain: inline-size`): a long
      // cURL command scrolls inside the block instead of stretching a grid or flex parent past the screen.
      className={cn(
        'min-w-0 overflow-hidden rounded-lg border bg-[oklch(0.22_0.03_270)] text-slate-100 [contain:inline-size]',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-4 py-2">
        <span id={labelId} className="text-xs font-medium text-slate-400">
          {label}
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-slate-300 outline-none transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring"
        >
          {copied ? (
            <CheckIcon aria-hidden="true" className="size-3.5" />
          ) : (
            <CopyIcon aria-hidden="true" className="size-3.5" />
          )}
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </button>
      </div>
      <pre
        ref={region.ref}
        {...region.props}
        className="overflow-x-auto p-4 font-mono text-[0.8125rem] leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {/* A block as wide as its longest line, so that a new snippet's width is noticed. */}
        <code className="block w-max min-w-full">{code}</code>
      </pre>
    </div>
  );
}
