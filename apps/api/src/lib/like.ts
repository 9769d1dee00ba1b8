/** `%text%` for LIKE and ILIKE: matches wherever the text stands, its pattern characters (`%`, `_`, `\`) escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
