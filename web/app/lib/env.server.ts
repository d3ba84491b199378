/** The product's display name: configurable, never hard-coded elsewhere, so each deployment can brand it. */
export function productName(): string {
  const name = process.env.PRODUCT_NAME?.trim();
  return name && name.length > 0 ? name : 'Benefits Portal';
}

/** Where a login that answers the lite version sends the browser. */
export function liteSiteUrl(): string {
  return process.env.LITE_SITE_URL ?? '/lite';
}
