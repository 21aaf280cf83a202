import { DEFAULT_DESCRIPTION, documentTitle } from '@callwise/shared/site';
import { useEffect } from 'react';

/** Formats a page title the one way the product does: "<Page> · Callwise". */
export const formatDocumentTitle = documentTitle;

function setMeta(selector: string, content: string) {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);
}

/** The document's title, meta description and Open Graph tags, for the page on screen. */
export function useDocumentTitle(page: string | undefined, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    const title = formatDocumentTitle(page);
    document.title = title;
    setMeta('meta[name="description"]', description);
    setMeta('meta[property="og:title"]', title);
    setMeta('meta[property="og:description"]', description);
    setMeta('meta[property="og:url"]', window.location.origin + window.location.pathname);
  }, [page, description]);
}
