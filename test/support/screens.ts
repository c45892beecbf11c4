import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A signed-in page with its data: its h1 shows while it loads too (src/shared/screenHeads.ts), so
 * a test that reads the page waits for the loading indicator to go as well.
 */
export async function findLoadedPage(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  await waitFor(() => expect(screen.queryByText('Carregando…')).toBeNull(), { timeout: 10_000 });
  return heading;
}
