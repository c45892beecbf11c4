import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** On the registration form: São Paulo, then Campinas once the city list is open, and a house. */
export async function chooseSaoPauloHouse(user: User): Promise<void> {
  await user.click(screen.getByRole('button', { name: /Estado/ }));
  await user.click(await screen.findByRole('option', { name: 'São Paulo' }));
  const city = screen.getByRole('combobox', { name: /^Cidade/ });
  await waitFor(() => expect((city as HTMLInputElement).disabled).toBe(false));
  await user.type(city, 'Campinas');
  await user.click(await screen.findByRole('option', { name: 'Campinas' }));
  await user.click(screen.getByRole('button', { name: /Tipo de imóvel/ }));
  await user.click(await screen.findByRole('option', { name: 'Residencial (casa)' }));
}
