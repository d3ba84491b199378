/** Types of scripts/bundle-budget.js (plain CommonJS: the web build runs it before anything is compiled). */
export type Encoding = 'gzip' | 'br';
export type Budget = Record<Encoding, number>;
export interface RouteSize {
  id: string;
  files: number;
  raw: number;
  gzip: number;
  br: number;
}
export interface BudgetLine {
  id: string;
  label: string;
  encoding: Encoding;
  usedKiB: number | null;
  budgetKiB: number;
  over: boolean;
}
export const BUDGET_KIB: Readonly<Record<string, Budget>>;
export const LABELS: Readonly<Record<string, string>>;
export function measureRoutes(clientDir: string): RouteSize[];
export function checkBudgets(rows: readonly RouteSize[], budgets?: Readonly<Record<string, Budget>>): BudgetLine[];
