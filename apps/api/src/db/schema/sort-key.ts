import { persianSortKeySql } from '@madreseh/contract/persian';
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** Text compared byte by byte, the same on every PostgreSQL and PGlite whatever their locale. */
const byteOrderedText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});

/**
 * A stored column the database computes from names: its byte order is Persian alphabetical order
 * (آ ا ب پ … ک گ … و ه ی, Arabic-typed ي/ك as ی/ک), so lists page in that order through an index.
 */
export function persianSortKey(column: string, ...sources: string[]) {
  // Parts are joined by U+0001, below every character of a name: all «امینی» come before «امینی‌پور».
  const joined = sources.map((s) => `coalesce("${s}", '')`).join(` || U&'\\0001' || `);
  return byteOrderedText(column)
    .notNull()
    .generatedAlwaysAs(sql.raw(persianSortKeySql(joined)));
}
