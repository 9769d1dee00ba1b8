import { bankOfCard, isValidCardNumber, isValidSheba } from '@madreseh/contract/bank';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { useTestApp } from '../test/test-app';
import { DEMO_PASSWORD, demoBanner, isDemoDatabase, openDemoAccounts, productionRefusal } from './demo';
import { paymentSettings } from './schema/payments';
import { preRegistrations } from './schema/pre-register';
import { groups, students } from './schema/school';
import { settings } from './schema/site';
import { users } from './schema/users';

/** Safe by default (issue: a careless install must not be open to anyone who read the README). */

const t = useTestApp();

describe('the demo school', () => {
  it('is one coherent school: its grades hold its classes, its pupils are girls, the card is its own', async () => {
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'school'));
    const school = row?.value as { name: string; gradesOffered: number[] };
    // A girls' school («دخترانه») of the grades its classes and pre-registrations are in.
    expect(school.name).toContain('دخترانه');
    const classes = await t.db.select({ gradeLevel: groups.gradeLevel }).from(groups);
    expect(classes.length).toBeGreaterThan(0);
    for (const c of classes) expect(school.gradesOffered).toContain(c.gradeLevel);
    const applied = await t.db
      .select({ grade: preRegistrations.grade, gender: preRegistrations.gender })
      .from(preRegistrations);
    for (const p of applied) {
      expect(school.gradesOffered).toContain(p.grade);
      expect(p.gender).toBe('female');
    }
    const pupils = await t.db.select({ gender: students.gender }).from(students);
    expect(pupils.length).toBeGreaterThan(2);
    expect(pupils.every((p) => p.gender === 'female')).toBe(true);
    const [card] = await t.db.select().from(paymentSettings);
    expect(card?.cardHolder).toBe(school.name);
    expect(isValidCardNumber(card?.cardNumber ?? '')).toBe(true);
    expect(bankOfCard(card?.cardNumber ?? '')?.name).toBe(card?.bankName);
    expect(isValidSheba(card?.sheba ?? '')).toBe(true);
  });
});

describe('a demo database', () => {
  it('is marked when the demo data is loaded, and only then', async () => {
    expect(await isDemoDatabase(t.db)).toBe(true);
    await t.db.delete(settings).where(eq(settings.key, 'demo'));
    expect(await isDemoDatabase(t.db)).toBe(false);
  });

  it('knows which demo accounts are still open with the published password', async () => {
    expect(await openDemoAccounts(t.db)).toEqual([
      'admin',
      'parent1',
      'student1',
      'student2',
      'superadmin',
      'teacher1',
    ]);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-real-secret-2026') })
      .where(eq(users.username, 'superadmin'));
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'student2'));
    expect(await openDemoAccounts(t.db)).toEqual(['admin', 'parent1', 'student1', 'teacher1']);
  });

  it('stops a production start while a demo account is open, and only in production', () => {
    const refusal = productionRefusal('production', ['admin']);
    expect(refusal).toContain('admin');
    expect(refusal).toContain(DEMO_PASSWORD);
    expect(productionRefusal('production', [])).toBeNull();
    expect(productionRefusal('development', ['admin'])).toBeNull();
  });

  it('says loudly at start-up that it is a demo, with its open accounts and the test gateway', () => {
    const banner = demoBanner(['admin', 'superadmin'], true);
    expect(banner).toContain('DEMO');
    expect(banner).toContain('NOT FOR A REAL SCHOOL');
    expect(banner).toContain('admin, superadmin');
    expect(banner).toContain('test payment gateway is on');
  });
});

describe('configuration', () => {
  it('turns the test gateway on only when asked; otherwise the server follows the demo mark', () => {
    expect(loadConfig({}).payments.sandboxGateway).toBe(false);
    expect(loadConfig({}).sandboxGatewaySet).toBeUndefined();
    expect(loadConfig({ PAYMENT_SANDBOX_GATEWAY: '1' }).sandboxGatewaySet).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_GATEWAY: '0' }).sandboxGatewaySet).toBe(false);
  });

  it('refuses to load demo accounts into a production database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO=1 with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });
});
