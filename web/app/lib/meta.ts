/** '{product} | {screen}' page titles; the product name comes from the root loader. */
export function pageTitle(matches: ReadonlyArray<{ id: string; data: unknown }>, screen: string): string {
  const root = matches.find((m) => m.id === 'root')?.data;
  const product =
    typeof root === 'object' && root !== null && 'productName' in root && typeof root.productName === 'string'
      ? root.productName
      : null;
  return product ? `${product} | ${screen}` : screen;
}
