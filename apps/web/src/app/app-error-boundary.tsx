import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '@/app/error-fallback';

interface State {
  hasError: boolean;
}

/** The outermost boundary: catches what happens outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the app:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return <ErrorFallback />;
    return this.props.children;
  }
}
