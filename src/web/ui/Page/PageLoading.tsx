import type { ScreenHead } from '#shared/screenHeads';
import { LoadingScreen } from '../LoadingScreen/LoadingScreen';
import { Page } from './Page';

/** A signed-in page while its data loads: its title and lead (src/shared/screenHeads.ts), then the loading indicator. */
export function PageLoading({ head }: { head: ScreenHead }) {
  return (
    <Page title={head.title} lead={head.lead} width={head.width}>
      <LoadingScreen inline />
    </Page>
  );
}
