// Features do not import each other; a page that shows two features is put together here.
import { AchievementsStrip } from '../../features/achievements/components/achievements-strip';
import { HomePage } from '../../features/home/pages/home-page';

/** /: the school's public home, with the achievements strip. */
export function Component() {
  return <HomePage achievements={<AchievementsStrip />} />;
}
