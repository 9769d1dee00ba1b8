import type { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fa } from '../messages/fa';
import { initialAnswer } from './initial-data';
import { getPublic, publicRead } from './public-api';
import { endpointKey } from './query-key';

const publicProfile = publicRead<typeof settingsContract.publicProfile>('general/school');

/** The public school profile (name, logo, about, contact, pre-registration state), shared by the public pages. */
export const schoolProfileQuery = () =>
  queryOptions({
    queryKey: endpointKey({ method: 'GET', path: publicProfile.path }),
    queryFn: ({ signal }) => getPublic(publicProfile, { signal }),
    ...initialAnswer(publicProfile),
    staleTime: 60_000,
  });

/** A link that opens a position in the visitor's map app (geo: URI on phones, OpenStreetMap otherwise). */
export function mapLinks(location: { lat: number; lng: number }): { geo: string; web: string } {
  const { lat, lng } = location;
  return {
    geo: `geo:${lat},${lng}?q=${lat},${lng}`,
    web: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
  };
}

/** The school's name from its settings, or the generic «درگاه مدرسه» while none is set (or loading). */
export function useSchoolName(): string {
  const { data } = useQuery(schoolProfileQuery());
  return data?.name.trim() || fa.app.name;
}

/** Sets the document title «page | school», the school's name as soon as it is known. */
export function usePageTitle(title: string | null): void {
  const school = useSchoolName();
  useEffect(() => {
    document.title = title ? `${title} | ${school}` : school;
  }, [title, school]);
}
