import type { CancelledVisit, CepResult, Visit, VisitRequest } from '#shared/visit/payloads';
import { blockedDays, bookVisit, cancelVisit, cep, rescheduleVisit, visit } from '#shared/visit/endpoints';
import type { Transport } from './transport';

/** The technical visit, its calendar and the CEP lookup. */
export const visitCalls = (t: Transport) => ({
  /** GET /portal/customers/scheduling: the customer's technical visit, or null with the one cancelled last */
  async getVisit(): Promise<{ visit: Visit | null; cancelled: CancelledVisit | null }> {
    const { data } = await t.call(visit, { fallback: 'visit.load.error' });
    return { visit: data.data, cancelled: data.cancelled };
  },

  /** GET /portal/config-calendar: the days the company blocked ('YYYY-MM-DD') */
  async getBlockedDays(): Promise<string[]> {
    const { data } = await t.call(blockedDays, {});
    return data.data;
  },

  /** POST /portal/customers/scheduling */
  async bookVisit(request: VisitRequest): Promise<Visit> {
    const { data } = await t.call(bookVisit, { json: request, fallback: 'visit.book.error' });
    return data.data;
  },

  /** PUT /portal/customers/scheduling/{id}: another day, slot or address */
  async rescheduleVisit(id: number, request: VisitRequest): Promise<Visit> {
    const { data } = await t.call(rescheduleVisit, { params: { id }, json: request, fallback: 'visit.reschedule.error' });
    return data.data;
  },

  /** DELETE /portal/customers/scheduling/{id} */
  async cancelVisit(id: number): Promise<void> {
    await t.call(cancelVisit, { params: { id }, fallback: 'visit.cancel.error' });
  },

  /** GET /portal/cep/{cep}: the address of a CEP (404 unknown, 503 no provider answered) */
  async lookupCep(code: string): Promise<CepResult> {
    const { data } = await t.call(cep, { params: { cep: code }, fallback: 'cep.unavailable' });
    return data;
  },
});
