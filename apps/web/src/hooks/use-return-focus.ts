import { useRef } from 'react';

/**
 * Focus handlers for a dialog or sheet opened without its own Radix trigger (by a card's or a row's button):
 * on close, focus goes back to what had it when the dialog opened, or to the page's main region when that is
 * gone (a deleted card), instead of being dropped on the body. Spread onto the dialog's content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
      target?.focus({ preventScroll: true });
      opener.current = null;
    },
  };
}
