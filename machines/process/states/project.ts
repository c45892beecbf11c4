import type { ProjectStatus } from '#shared/project/rules';
import { meta, notify, processSetup, type ProcessEvent } from '../setup';

/**
 * The project on site, after the contracts (and for a buyer, the kit paid for): staff open the
 * project and move it through the seven statuses of spec §4, one step at a time, each move told
 * to the customer in the bell and audited. The project-status screen shows where it stands.
 */

/** The staff event that reaches each status (the first one from INSTALATION). */
export const PROJECT_STATUS_EVENTS = {
  PROJECT_IN_PREPARATION: 'project.started',
  PROJECT_SUBMITTED_TO_DEALERSHIP: 'project.submittedToDealership',
  PROJECT_APPROVED_BY_THE_CONCESSIONAIRE: 'project.approvedByDealership',
  EQUIPMENT_DISPATCHED: 'equipment.dispatched',
  EQUIPMENT_DELIVERED: 'equipment.delivered',
  INSPECTION_APPROVED: 'inspection.approved',
  SYSTEM_CONNECTED_AND_WORKING: 'system.connected',
} as const satisfies Record<ProjectStatus, ProcessEvent['type']>;

/** A project state's meta: the PROJECT_STATUS step (APPROVED once connected) and the status the screen shows. */
const projectMeta = (projectStatus: ProjectStatus, status: 'PENDING' | 'APPROVED' = 'PENDING') =>
  ({ meta: { ...meta('PROJECT_STATUS', status).meta, projectStatus } });

/** Staff reach `status`: the customer is told, the move audited. */
const reach = (target: string, status: ProjectStatus) => ({
  target, actions: [notify({ message: `notification.project.${status}` }), 'audit'],
} as const);

export const installation = processSetup.createStateConfig({
  ...meta('INSTALATION', 'PENDING'),
  description: "Contracts signed (a buyer's kit paid for): the company opens the project; 'Acompanhar meu projeto' already shows its screen.",
  on: {
    'project.started': reach('#process.projectStatus.inPreparation', 'PROJECT_IN_PREPARATION'),
    // the older bare staff event (POST admin/customers/{id}/events): the project opens without a notice
    'installation.completed': { target: 'projectStatus', actions: 'audit' },
  },
});

export const projectStatus = processSetup.createStateConfig({
  description: 'Project follow-up until the system is connected (spec §4 "Project status order").',
  initial: 'inPreparation',
  states: {
    inPreparation: {
      ...projectMeta('PROJECT_IN_PREPARATION'),
      description: 'The engineers draw up the project for the distributor.',
      on: { 'project.submittedToDealership': reach('submittedToDealership', 'PROJECT_SUBMITTED_TO_DEALERSHIP') },
    },
    submittedToDealership: {
      ...projectMeta('PROJECT_SUBMITTED_TO_DEALERSHIP'),
      description: "Filed with the distributor (protocol, REN 1.000 deadline); waiting for its connection budget.",
      on: { 'project.approvedByDealership': reach('approvedByDealership', 'PROJECT_APPROVED_BY_THE_CONCESSIONAIRE') },
    },
    approvedByDealership: {
      ...projectMeta('PROJECT_APPROVED_BY_THE_CONCESSIONAIRE'),
      description: 'The distributor approved the connection; the equipment is sent.',
      on: { 'equipment.dispatched': reach('equipmentDispatched', 'EQUIPMENT_DISPATCHED') },
    },
    equipmentDispatched: {
      ...projectMeta('EQUIPMENT_DISPATCHED'),
      description: 'The kit is on its way.',
      on: { 'equipment.delivered': reach('equipmentDelivered', 'EQUIPMENT_DELIVERED') },
    },
    equipmentDelivered: {
      ...projectMeta('EQUIPMENT_DELIVERED'),
      description: "Kit delivered: installation, then the distributor's inspection is requested.",
      on: { 'inspection.approved': reach('inspectionApproved', 'INSPECTION_APPROVED') },
    },
    inspectionApproved: {
      ...projectMeta('INSPECTION_APPROVED'),
      description: 'Inspection approved; the distributor changes the meter and connects.',
      on: { 'system.connected': reach('connected', 'SYSTEM_CONNECTED_AND_WORKING') },
    },
    connected: {
      ...projectMeta('SYSTEM_CONNECTED_AND_WORKING', 'APPROVED'),
      type: 'final',
      description: 'The system is connected and working: the journey is over.',
    },
  },
});

/** The project status a process snapshot is at, or null before the project phase. */
export function projectStatusOf(snapshot: { getMeta(): Record<string, unknown> }): ProjectStatus | null {
  for (const m of Object.values(snapshot.getMeta()) as ({ projectStatus?: ProjectStatus } | undefined)[]) {
    if (m?.projectStatus) return m.projectStatus;
  }
  return null;
}
