import { PublicHeader } from './PublicHeader.tsx';
import { RouteView } from './RouteView.tsx';
import { SiteFooter } from './SiteFooter.tsx';

/** Landing, legal, contact and other public screens. */
export function PublicLayout() {
  return (
    <div className="shell shell--public">
      <PublicHeader />
      <RouteView />
      <SiteFooter />
    </div>
  );
}
