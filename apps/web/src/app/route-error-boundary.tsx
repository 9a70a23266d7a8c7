import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './route-error-screen';

interface Props {
  /** A new value (the next page) clears the error. */
  resetKey: string;
  /** Full screen at the top; inside the shell it fills only the content area. */
  isFullScreen: boolean;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Catches a page that failed to render: a chunk that did not load gets the load-error screen with a
 * reload, anything else the crash screen. Inside the shell the header and menu stay usable.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? (
      <ErrorScreen error={this.state.error} isFullScreen={this.props.isFullScreen} />
    ) : (
      this.props.children
    );
  }
}
