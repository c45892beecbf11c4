import type { Context, Hono } from 'hono';
import {
  clientLending, createInvoice, decideFinancing, invoiceStatus, paymentWebhook, reconcileInvoice, sandboxInvoice, sandboxPayInvoice,
  sendPurchaseDocuments, staffPayment, stepSupply,
} from '#shared/payment/endpoints';
import { DomainError } from '../errors';
import { iuguWebhookAuthorized, parseIuguInvoiceWebhook } from '../providers/payments/iuguInvoices';
import type { AppDeps } from '../config';
import { portalOrigin } from '../contract/routes';
import { receiveUploads } from '../http/multipart';
import { endpointApp, idParam } from '../http/route';
import { sandboxInvoicePdf } from '../providers/payments/localInvoices';
import * as service from './service';

const FIELDS = ['document', 'proof_of_address', 'proof_of_income'] as const;

/** The purchase on the payment screen, and the local sandbox's invoice page. */
export function paymentRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const paymentDeps = { ...deps, invoices: service.invoicesOf(deps) };
  // the sandbox's invoice URL is ours: absolute, as Iugu's secure_url is, so it opens from anywhere
  const absolute = <T extends { invoice_url: string } | null>(c: Context, invoice: T): T =>
    (invoice && invoice.invoice_url.startsWith('/') ? { ...invoice, invoice_url: `${portalOrigin(c, deps)}${invoice.invoice_url}` } : invoice);
  route(createInvoice, async (c) => c.json(absolute(c, await service.createInvoice(paymentDeps, c.get('customerId'), idParam(c.req.param('profileId'))))));
  route(invoiceStatus, async (c) => {
    const status = await service.invoiceStatus(paymentDeps, c.get('customerId'));
    return c.json({ ...status, invoice: absolute(c, status.invoice) });
  });
  route(clientLending, async (c) => c.json(await service.clientLending(deps.db, c.get('customerId'))));
  route(sendPurchaseDocuments, async (c) => {
    const files = await receiveUploads(c, deps.storage.stagingDir, FIELDS);
    return c.json({ data: await service.sendPurchaseDocuments(paymentDeps, c.get('customerId'), files) }, 201);
  });
  route(stepSupply, async (c) => c.json(await service.stepSupply(deps, c.get('customerId'))));
  route(sandboxInvoice, async (c) => {
    const row = await service.sandboxInvoiceRow(paymentDeps, c.req.param('secureId'));
    const pdf = await sandboxInvoicePdf({
      reference: row.id, amountCents: row.amountCents, dueDate: row.dueDate, payerName: row.payerName, description: row.description,
      digitableLine: row.digitableLine ?? '', barcode: row.barcode ?? '', pixCode: row.pixCode ?? '',
    });
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="fatura.pdf"', 'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  });
  route(paymentWebhook, async (c) => {
    const token = deps.paymentWebhookToken;
    if (!token || !iuguWebhookAuthorized(c.req.header('Authorization') ?? null, token)) throw new DomainError('UNAUTHORIZED');
    const event = parseIuguInvoiceWebhook(await c.req.text());
    // other triggers (and invoices that are not ours) are taken and ignored, as Iugu expects a 2xx
    if (event) await service.invoiceChanged(paymentDeps, event.providerRef);
    return c.json({ ok: true });
  });
  return app;
}

/** Development only (mounted with the dev routes, never in production): the sandbox pays its invoice as a bank would. */
export function paymentSandboxDevRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const paymentDeps = { ...deps, invoices: service.invoicesOf(deps) };
  route(sandboxPayInvoice, async (c) => {
    await service.sandboxPay(paymentDeps, c.req.param('secureId'));
    return c.body(null, 204);
  });
  return app;
}

/** Staff deciding the financing and reconciling the cash invoice. */
export function paymentAdmin(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const paymentDeps = { ...deps, invoices: service.invoicesOf(deps) };
  route(staffPayment, async (c) => c.json(await service.staffPayment(deps.db, idParam(c.req.param('id')))));
  route(decideFinancing, async (c) => c.json(await service.decideFinancing(deps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json'))));
  route(reconcileInvoice, async (c) => c.json(await service.reconcileInvoice(
    paymentDeps, c.get('staffId'), idParam(c.req.param('id')), c.req.valid('json').invoice_status,
  )));
  return app;
}
