/** Change Benefits' address, and where every successful post returns: the wizard at the server's step, without asking whether to continue. */
export const PATH = '/change-benefits';
export const STEP_PATH = `${PATH}?continue=1`;
