import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/test/server';

/*
 * The component tests' setup (vitest project `web`, jsdom). What jsdom lacks and the app's components use
 * (radix-ui's popovers, selects and dialogs, the media queries of the layout) is filled in below, as little as
 * they need.
 */

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// radix-ui's Select captures the pointer; jsdom has no pointer capture and no scrolling.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = () => undefined;

// Audio previews and downloads hold their bytes under an object URL.
URL.createObjectURL ??= () => 'blob:http://localhost:3000/test';
URL.revokeObjectURL ??= () => undefined;

// jsdom plays no media: playing resolves at once (the app listens to the element's events for the rest).
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => undefined;
HTMLMediaElement.prototype.load = () => undefined;

// A wide screen with no preference set: every media query answers no, and never changes.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// A request nobody answers is a test mistake (or a request the app should not have sent): it fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  toast.dismiss();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
