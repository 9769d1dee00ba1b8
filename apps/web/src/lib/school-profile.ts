import { settingsContract } from '@madreseh/contract/settings/settings.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';
import { initialAnswer } from './initial-data';

/** The public school profile (name, logo, about, contact, pre-registration state), shared by the public pages. */
export const schoolProfileQuery = () =>
  queryOptions({
    queryKey: ['general', 'school'],
    queryFn: ({ signal }) => call(settingsContract.publicProfile, { signal }),
    ...initialAnswer(settingsContract.publicProfile),
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
