import { Button } from '@/components/ui/button';

/** The "Load more" button under a cursor-paginated list; shown only while there is a next page. */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  shown,
  noun,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How many items are on screen, announced after each page. */
  shown: number;
  /** The noun for the announcement, one and many: { one: 'call', other: 'calls' }. */
  noun: { one: string; other: string };
}) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="sr-only" aria-live="polite">
        {`Showing ${shown.toLocaleString()} ${shown === 1 ? noun.one : noun.other}${hasMore ? '' : ', all loaded'}`}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
          {loading ? 'Loading more...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
