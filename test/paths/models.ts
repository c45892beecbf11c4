import type { PathModel } from './engine';
import { authPaths } from './auth.paths';
import { billPaths } from './bill.paths';
import { checkoutPaths } from './checkout.paths';
import { documentPaths } from './document.paths';
import { paymentPaths } from './payment.paths';
import { holderPaths } from './holder.paths';
import { contractPaths } from './contract.paths';
import { processPaths } from './process.paths';
import { profilePaths } from './profile.paths';
import { projectPaths } from './project.paths';
import { journeyPaths } from './journey.paths';
import { notificationsPaths } from './notification.paths';
import { staffPaths } from './staff.paths';
import { planPaths } from './plan.paths';
import { proposalPaths } from './proposal.paths';
import { visitPaths } from './visit.paths';

/** The path model of every machine in machines/index.ts, by registry name. */
export const pathModels: readonly PathModel[] = [authPaths, journeyPaths, billPaths, notificationsPaths, processPaths, proposalPaths, visitPaths, planPaths, checkoutPaths, documentPaths, holderPaths, contractPaths, paymentPaths, projectPaths, profilePaths, staffPaths] as PathModel[];
