import { useRef } from 'react';

/**
 * The message box's caret: a variable goes where the caret is, or at the end of the text until the box has had
 * the focus (and again after the whole message was replaced).
 */
export function useMessageBox(getText: () => string, setText: (text: string) => void) {
  const ref = useRef<HTMLTextAreaElement | null>(null);
  /** Until the message box has had the focus, a variable goes at the end of the text. */
  const cursorPlaced = useRef(false);

  const forgetCursor = () => {
    cursorPlaced.current = false;
  };

  /** The whole message, from a script or a template. */
  const replace = (text: string) => {
    setText(text);
    forgetCursor();
  };

  const insert = (token: string) => {
    const element = ref.current;
    const value = getText();
    const start = cursorPlaced.current && element ? element.selectionStart : value.length;
    const end = cursorPlaced.current && element ? element.selectionEnd : value.length;
    setText(value.slice(0, start) + token + value.slice(end));
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
      cursorPlaced.current = true;
    });
  };

  const onFocus = () => {
    cursorPlaced.current = true;
  };

  return { ref, replace, insert, onFocus, forgetCursor };
}

export type MessageBox = ReturnType<typeof useMessageBox>;
