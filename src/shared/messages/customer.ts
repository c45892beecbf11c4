/** The profile (spec §8). */
export const customerMessages = {
  // profile (spec §8)
  'profile.update.success': 'Perfil atualizado com sucesso',
  'profile.update.error': 'Houve um problema ao atualizar o perfil',
} as const;
