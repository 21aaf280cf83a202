import { PRODUCT_NAME } from '@callwise/shared/product';
import { useEffect } from 'react';

/** Formats a page title the one way the product does: "<Page> · Callwise". */
export function formatDocumentTitle(page: string | undefined): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
