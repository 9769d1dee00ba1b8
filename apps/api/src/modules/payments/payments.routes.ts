import { formatJalaliIso, isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import type { parentsContract } from '@madreseh/contract/parents/parents.contract';
import { apiPath } from '@madreseh/contract/paths';
import { RECEIPT_LIMITS } from '@madreseh/contract/payments/payment-schemas';
import { paymentsContract as c } from '@madreseh/contract/payments/payments.contract';
import { digitsToPersian } from '@madreseh/contract/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { analyzeInBackground } from '../../db/maintenance';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { keptAnswers } from '../../http/kept-answers';
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { asAttachment, XLSX_TYPE } from '../../lib/spreadsheet';
import { removeImage, storeImage } from '../../storage/images';
import { readUploadForm } from '../../storage/multipart';
import { RECEIPTS_FOLDER } from '../../storage/signed-urls';
import { chooseGateway, returnFromGateway, sandboxView, startCheckout } from './checkout';
import { DEFAULT_PAYMENTS_CONFIG, gatewaysFrom, type PaymentsConfig } from './gateways';
import { totalsOf } from './invoice-ledger';
import { groupsForInvoicing, invoicesOfStudent, listInvoices, studentHeader, studentOfUser } from './invoice-reads';
import {
  bulkCreateInvoices,
  bulkUpdateInvoices,
  cancelInvoice,
  createInvoice,
  updateInvoice,
} from './invoices.service';
import { getPaymentSettings, moneyUnitOf, savePaymentSettings } from './payment-settings';
import type { SignUrl } from './payment-views';
import { exportInvoicesAndPayments } from './payments.export';
import { MSG } from './payments.messages';
import {
  cardToCardView,
  decideReceipt,
  paymentOfStudent,
  pendingReceipts,
  recordManualPayment,
  submitCardToCard,
} from './receipts.service';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Whose invoices a payment action is for, and who acts (the student themself, or a parent). */
export interface Payer {
  studentId: number;
  userId: number;
}

/**
 * The payment actions of a payer on one student's invoices, shared by the student's own endpoints
 * and a parent's endpoints for a child: the same rules, whoever pays.
 */
export function paymentActions(app: FastifyInstance, db: Db, config: PaymentsConfig = DEFAULT_PAYMENTS_CONFIG) {
  const gateways = gatewaysFrom(config);
  const gatewayList = [...gateways.values()].map((g) => ({ name: g.name, label: g.label, test: g.test }));
  // Receipt addresses are signed for this answer only (storage/signed-urls.ts).
  const sign: SignUrl = (name) => app.urlSigner.url(name);
  /**
   * A student's invoices, kept per student (http/kept-answers.ts) until an invoice or payment of theirs, or the
   * payment settings, change: the student's page and a parent's page of the child are the same answer (each
   * set of actions keeps its own copies: the student's routes and the parent area's). Kept per app, as the
   * gateways listed come from its config. The receipts' signed addresses in it last an hour or more, far
   * beyond the ttl.
   */
  const keptInvoices = keptAnswers(c.studentInvoices, {
    tables: ['invoices', 'payments', 'payment_settings', 'settings'],
    ttlMs: 30_000,
    max: 10_000,
  });
  const callbackBaseOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  return {
    gateways,
    sign,
    invoices(payer: Payer) {
      return keptInvoices(db, String(payer.studentId), async () => {
        // An invoice turns overdue when its due date passes: the answer is kept no later than the end of the
        // Tehran day it was made on (an answer made on the next day already is past that end, and is not kept).
        const expiresAt = tehranDayStart(isoDateInTehran()).getTime() + DAY_MS;
        const list = await invoicesOfStudent(db, payer.studentId, sign);
        const answer = {
          invoices: list,
          totals: totalsOf(list),
          moneyUnit: await moneyUnitOf(db),
          gateways: gatewayList,
        };
        return { answer, keys: [`student:${payer.studentId}`], expiresAt };
      });
    },
    async directPay(payer: Payer, body: { invoiceId: number; gateway?: string | undefined }, request: FastifyRequest) {
      const { ref, redirectUrl } = await startCheckout(
        db,
        chooseGateway(gateways, body.gateway),
        {
          kind: 'payment',
          invoiceIds: [body.invoiceId],
          studentIds: [payer.studentId],
          userId: payer.userId,
          callbackBase: callbackBaseOf(request),
        },
        request.log,
        actorOf(request),
      );
      return { paymentId: ref.id, redirectUrl };
    },
    /** One online payment for several invoices of the children `studentIds` (a parent's). */
    async batchPay(
      payer: { userId: number; studentIds: readonly number[] },
      body: { invoiceIds: number[]; gateway?: string | undefined },
      request: FastifyRequest,
    ) {
      const { ref, amount, redirectUrl } = await startCheckout(
        db,
        chooseGateway(gateways, body.gateway),
        {
          kind: 'batch',
          invoiceIds: body.invoiceIds,
          studentIds: payer.studentIds,
          userId: payer.userId,
          callbackBase: callbackBaseOf(request),
        },
        request.log,
        actorOf(request),
      );
      return { batchId: ref.id, amount, redirectUrl };
    },
    result(payer: Payer, paymentId: number) {
      return paymentOfStudent(db, payer.studentId, paymentId, sign);
    },
    cardToCardView(payer: Payer) {
      return cardToCardView(db, payer.studentId, sign);
    },
    /**
     * `ep`: the endpoint called (the student's or the parent's; both take the same fields). `limitKey`: whose
     * uploads the hourly limit counts (the student, or the parent).
     */
    async cardToCard(
      ep: typeof c.cardToCard | typeof parentsContract.cardToCard,
      payer: Payer,
      limitKey: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      // Every upload counts, before its image is read and re-encoded: a flood costs the sender, not the school.
      if ((await hit(db, `receipt-upload:${limitKey}`, HOUR_MS)) > RECEIPT_LIMITS.perHour) {
        const err = AppError.tooMany(MSG.tooManyReceipts(digitsToPersian(RECEIPT_LIMITS.perHour)));
        err.retryAfterS = HOUR_MS / 1000;
        throw err;
      }
      const { file, fields } = await readUploadForm(request, ep);
      const image = await storeImage(app.storage, RECEIPTS_FOLDER, file);
      try {
        const payment = await submitCardToCard(
          db,
          { ...fields, studentId: payer.studentId, userId: payer.userId, receiptKey: image.key },
          actorOf(request),
          sign,
        );
        reply.status(201);
        return payment;
      } catch (err) {
        await removeImage(app.storage, image.key).catch(() => {});
        throw err;
      }
    },
  };
}

export function registerPaymentRoutes(app: FastifyInstance, db: Db, config: PaymentsConfig = DEFAULT_PAYMENTS_CONFIG) {
  const actions = paymentActions(app, db, config);
  const { gateways, sign } = actions;
  const me = async (request: FastifyRequest): Promise<Payer> => {
    const auth = requireAuth(request);
    return { studentId: await studentOfUser(db, auth.userId), userId: auth.userId };
  };

  // ----- student -----
  implement(app, c.studentInvoices, async ({ request }) => actions.invoices(await me(request)));
  implement(app, c.directPay, async ({ body, request }) => actions.directPay(await me(request), body, request));
  implement(app, c.paymentResult, async ({ params, request }) => actions.result(await me(request), params.id));
  implement(app, c.cardToCardView, async ({ request }) => actions.cardToCardView(await me(request)));
  implement(app, c.cardToCard, async ({ request, reply }) => {
    const payer = await me(request);
    return actions.cardToCard(c.cardToCard, payer, `student:${payer.studentId}`, request, reply);
  });

  // ----- gateways -----
  implement(app, c.gatewayCallback, async ({ params, query, request, reply }) => {
    const input = { authority: query.Authority, status: query.Status };
    const page = await returnFromGateway(db, gateways.get(params.gateway), input, request.log, actorOf(request));
    reply.header('cache-control', 'no-store');
    return reply.redirect(page, 303);
  });

  implement(app, c.sandboxInfo, async ({ params }) => {
    if (!gateways.get('sandbox')) throw AppError.notFound();
    const row = await sandboxView(db, params.authority);
    return {
      amount: row.amount,
      description: row.title,
      callbackUrl: `${apiPath(c.gatewayCallback.path, { gateway: 'sandbox' })}?Authority=${encodeURIComponent(params.authority)}`,
    };
  });

  // ----- admin -----
  implement(app, c.studentInvoice, async ({ params }) => {
    const student = await studentHeader(db, params.id);
    const list = await invoicesOfStudent(db, params.id, sign);
    return { student, invoices: list, totals: totalsOf(list), moneyUnit: await moneyUnitOf(db) };
  });

  implement(app, c.createInvoice, async ({ params, body, request, reply }) => {
    reply.status(201);
    return createInvoice(db, actorOf(request), params.id, body, sign);
  });

  implement(app, c.listInvoices, async ({ query }) => listInvoices(db, query));
  implement(app, c.updateInvoice, async ({ params, body, request }) =>
    updateInvoice(db, actorOf(request), params.id, body, sign),
  );
  implement(app, c.cancelInvoice, async ({ params, body, request }) =>
    cancelInvoice(db, actorOf(request), params.id, body.reason, sign),
  );
  implement(app, c.manualPayment, async ({ params, body, request, reply }) => {
    reply.status(201);
    return recordManualPayment(db, actorOf(request), params.id, body, sign);
  });
  implement(app, c.bulkCreate, async ({ body, request, reply }) => {
    reply.status(201);
    const made = await bulkCreateInvoices(db, actorOf(request), body.groupId, body.installments);
    void analyzeInBackground(db, (err) => request.log.warn({ err }, 'analyze after bulk invoicing failed'));
    return made;
  });
  implement(app, c.bulkUpdate, async ({ body, request }) => bulkUpdateInvoices(db, actorOf(request), body));
  implement(app, c.exportInvoices, async ({ query, reply }) => {
    const jalali = (iso: string) => formatJalaliIso(iso).replaceAll('/', '-');
    return asAttachment(reply, await exportInvoicesAndPayments(db, query.from, query.to), {
      type: XLSX_TYPE,
      name: `invoices-${jalali(query.from)}-${jalali(query.to)}.xlsx`,
      persianName: `صورت‌حساب‌ها و پرداخت‌ها ${jalali(query.from)} تا ${jalali(query.to)}.xlsx`,
    });
  });
  implement(app, c.groups, async () => groupsForInvoicing(db));
  implement(app, c.pendingReceipts, async ({ query }) => ({
    ...(await pendingReceipts(db, sign, query)),
    moneyUnit: await moneyUnitOf(db),
  }));
  implement(app, c.approve, async ({ params, request }) =>
    decideReceipt(db, actorOf(request), params.id, { approve: true }, sign),
  );
  implement(app, c.reject, async ({ params, body, request }) =>
    decideReceipt(db, actorOf(request), params.id, { approve: false, reason: body.reason }, sign),
  );
  implement(app, c.getSettings, async () => getPaymentSettings(db));
  implement(app, c.putSettings, async ({ body, request }) => savePaymentSettings(db, actorOf(request), body));
}
