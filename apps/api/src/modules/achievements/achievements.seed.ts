import type { Tx } from '../../db/client';
import { achievements } from '../../db/schema/achievements';

/** Demo achievements of the public site (without images), in display order. */
export async function seedDemoAchievements(tx: Tx): Promise<void> {
  await tx.insert(achievements).values([
    {
      title: 'مقام اول المپیاد ریاضی استان',
      description: 'تیم ریاضی مدرسه در المپیاد ریاضی دانش‌آموزی استان رتبهٔ نخست را کسب کرد.',
      date: '2026-03-03',
      position: 0,
    },
    {
      title: 'رتبهٔ دوم مسابقات رباتیک کشوری',
      description: 'ربات امدادگر دانش‌آموزان پایهٔ نهم در مسابقات کشوری رتبهٔ دوم را به دست آورد.',
      date: '2026-02-10',
      position: 1,
    },
    {
      title: 'قهرمانی فوتسال منطقه',
      description: 'تیم فوتسال مدرسه قهرمان مسابقات آموزشگاه‌های منطقه شد.',
      date: '2025-12-20',
      position: 2,
    },
  ]);
}
