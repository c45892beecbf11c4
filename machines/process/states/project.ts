import { meta, processSetup } from '../setup';

/** The project on site: installation, then follow-up until the system is connected. */
export const installation = processSetup.createStateConfig({
  ...meta('INSTALATION', 'PENDING'),
  description: 'Installation under way.',
  on: { 'installation.completed': { target: 'projectStatus', actions: 'audit' } },
});

export const projectStatus = processSetup.createStateConfig({
  ...meta('PROJECT_STATUS', 'PENDING'),
  description: 'Project follow-up until the system is connected.',
});
