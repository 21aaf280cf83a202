import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way back above a page's title: a link to `to`, or a button doing `onClick`. */
export function BackButton({
  to,
  onClick,
  children,
}: {
  to?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const content = (
    <>
      <ArrowLeftIcon aria-hidden="true" />
      {children}
    </>
  );
  return (
    <div>
      {to ? (
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={to}>{content}</Link>
        </Button>
      ) : (
        <Button type="button" variant="ghost" size="sm" className="-ml-2" onClick={onClick}>
          {content}
        </Button>
      )}
    </div>
  );
}

/**
 * A form page's title and what it is for. The title can take the focus (`headingRef`), so that the page can
 * start keyboard and screen reader users at its top.
 */
export function FocusHeading({
  id,
  headingRef,
  title,
  description,
}: {
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  description: string;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <h2
        ref={headingRef}
        id={id}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
      >
        {title}
      </h2>
      <p className="text-sm text-muted-foreground sm:text-base">{description}</p>
    </div>
  );
}
