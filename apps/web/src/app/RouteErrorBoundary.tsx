import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface Props {
  /** The address on screen: a new one clears the error, so a link elsewhere can recover. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** A screen that fails to load (its chunk did not arrive) or to render shows the route error page. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    // The key is filled in by getDerivedStateFromProps on the same render.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.locationKey };
    if (state.failedAt !== null && state.failedAt !== props.locationKey) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorPage />;
  }
}
