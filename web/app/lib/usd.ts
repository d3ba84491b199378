import { formatUsd, parseMoney } from '@bp/api/contracts';

/** '$1,234.50' from a wire amount; '$0.00' when absent (default $0.00). */
export const usd = (amount: string | null | undefined): string => formatUsd(parseMoney(amount ?? null) ?? 0);
