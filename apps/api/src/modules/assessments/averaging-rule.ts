import {
  type AveragingRule,
  averagingRuleSchema,
  DEFAULT_AVERAGING_RULE,
} from '@madreseh/contract/assessments/assessments.contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';

/** The school's rule for turning assessment marks into a term grade, kept in the settings table. */

const RULE_KEY = 'assessments';

/** The school's averaging rule (the default until staff set one). */
export async function averagingRule(db: Tx): Promise<AveragingRule> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RULE_KEY));
  const parsed = averagingRuleSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_AVERAGING_RULE;
}

export async function setAveragingRule(db: Db, actor: Actor, rule: AveragingRule): Promise<AveragingRule> {
  return db.transaction(async (tx) => {
    const before = await averagingRule(tx);
    await tx
      .insert(settings)
      .values({ key: RULE_KEY, value: rule, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: rule, updatedBy: actor.userId, updatedAt: new Date() },
      });
    await audit(tx, actor, 'update', 'assessment-rule', null, {
      ...changedFields(
        { method: before.method, continuousShare: before.continuousShare, ...before.kindWeights },
        { method: rule.method, continuousShare: rule.continuousShare, ...rule.kindWeights },
      ),
    });
    return averagingRule(tx);
  });
}
