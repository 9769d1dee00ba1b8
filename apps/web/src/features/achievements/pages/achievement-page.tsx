import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatJalaliDate } from '../../../lib/format';
import { Text } from '../../../ui/kit-text';
import { PublicArticle } from '../../../ui/public-article';
import { achievementsFa } from '../messages';
import { publicAchievementQuery } from '../public-api';

/** One achievement on its own address, to share: title, date, picture and description. */
export function Component() {
  const id = Number(useParams().id);
  const item = useQuery({ ...publicAchievementQuery(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <PublicArticle
      item={item}
      backLabel={achievementsFa.back}
      header={(a) => ({ title: a.title, description: formatJalaliDate(a.date) })}
    >
      {(a) => (
        <>
          {a.image && (
            <img
              src={a.image.large}
              srcSet={a.image.srcSet}
              sizes="(max-width: 48em) 100vw, 860px"
              alt={a.title}
              width={a.width ?? undefined}
              height={a.height ?? undefined}
              style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)', marginBottom: 16 }}
            />
          )}
          {a.description && <Text style={{ whiteSpace: 'pre-line' }}>{a.description}</Text>}
        </>
      )}
    </PublicArticle>
  );
}
