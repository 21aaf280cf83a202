import { useCallback, useEffect, useState } from 'react';

const COPIED_FOR_MS = 2000;

/**
 * Copies text to the clipboard; `copied` is true for two seconds after it worked (the button says "Copied!").
 * `onFail` says what to do when the browser refuses (no permission, no secure context).
 */
export function useCopyToClipboard(onFail?: () => void) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      } catch {
        setCopied(false);
        onFail?.();
      }
    },
    [onFail],
  );
  return { copied, copy };
}
