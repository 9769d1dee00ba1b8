/**
 * The options of a Select or SegmentedControl: a contract's list of values, in its order, each with
 * its Persian label. The list is never typed again in a page.
 */
export function optionsOf<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
