import { parentsContract as c } from '@madreseh/contract/parents/parents.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { myMonth } from '../attendance/attendance.reports';
import { keptNewsOf } from '../news/news.routes';
import { getStudentNews } from '../news/news.service';
import { batchOfPayer } from '../payments/checkout';
import { DEFAULT_PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/gateways';
import { moneyUnitOf } from '../payments/payment-settings';
import { type Payer, paymentActions } from '../payments/payments.routes';
import { keptReportCard } from '../report-cards/report-cards.routes';
import {
  childOf,
  childrenOf,
  linkParent,
  parentsOfStudent,
  resetParentPassword,
  unlinkParent,
} from './parents.service';

/**
 * The parent area: every endpoint finds the child among the caller's own links first (a child of
 * another family is not found), then reads through the student's services for that child. A child's news,
 * report card and invoices come from the answers kept for the child (http/kept-answers.ts).
 */
export function registerParentRoutes(app: FastifyInstance, db: Db, config: PaymentsConfig = DEFAULT_PAYMENTS_CONFIG) {
  const actions = paymentActions(app, db, config);
  const child = async (request: FastifyRequest, childId: number) => {
    const auth = requireAuth(request);
    return { auth, child: await childOf(db, auth.userId, childId) };
  };
  /** The parent pays: the child's invoices, the parent's account recorded as the payer. */
  const payer = async (request: FastifyRequest, childId: number): Promise<Payer> => {
    const { auth, child: kid } = await child(request, childId);
    return { studentId: kid.studentId, userId: auth.userId };
  };

  implement(app, c.children, async ({ request }) => ({ items: await childrenOf(db, requireAuth(request).userId) }));
  implement(app, c.news, async ({ params, query, request }) => {
    const { child: kid } = await child(request, params.childId);
    return keptNewsOf(db, kid.userId, query.page, query.pageSize);
  });
  implement(app, c.newsItem, async ({ params, request }) => {
    const { child: kid } = await child(request, params.childId);
    return getStudentNews(db, kid.userId, params.id);
  });
  implement(app, c.reportCard, async ({ params, query, request }) => {
    const { child: kid } = await child(request, params.childId);
    return keptReportCard(db, kid.userId, query);
  });
  implement(app, c.attendance, async ({ params, query, request }) => {
    const { child: kid } = await child(request, params.childId);
    return myMonth(db, { userId: kid.userId }, query);
  });
  implement(app, c.invoices, async ({ params, request }) => actions.invoices(await payer(request, params.childId)));
  implement(app, c.directPay, async ({ params, body, request }) =>
    actions.directPay(await payer(request, params.childId), body, request),
  );
  implement(app, c.paymentResult, async ({ params, request }) =>
    actions.result(await payer(request, params.childId), params.id),
  );
  implement(app, c.batchPay, async ({ body, request }) => {
    const { userId } = requireAuth(request);
    const studentIds = (await childrenOf(db, userId)).map((k) => k.id);
    return actions.batchPay({ userId, studentIds }, body, request);
  });
  implement(app, c.batchResult, async ({ params, request }) => ({
    ...(await batchOfPayer(db, requireAuth(request).userId, params.id)),
    moneyUnit: await moneyUnitOf(db),
  }));
  implement(app, c.cardToCardView, async ({ params, request }) =>
    actions.cardToCardView(await payer(request, params.childId)),
  );
  implement(app, c.cardToCard, async ({ params, request, reply }) => {
    const p = await payer(request, params.childId);
    return actions.cardToCard(c.cardToCard, p, `parent:${p.userId}`, request, reply);
  });

  // ----- staff -----
  implement(app, c.ofStudent, async ({ params }) => ({ items: await parentsOfStudent(db, params.id) }));
  implement(app, c.link, async ({ params, body, request, reply }) => {
    const made = await linkParent(db, actorOf(request), params.id, body);
    reply.status(made.created ? 201 : 200);
    return made;
  });
  implement(app, c.unlink, async ({ params, request }) => {
    await unlinkParent(db, actorOf(request), params.id, params.parentId);
    return { ok: true as const };
  });
  implement(app, c.resetPassword, async ({ params, request }) => resetParentPassword(db, actorOf(request), params.id));
}
