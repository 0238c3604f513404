/** Spec section 8: what a transport failure shows, by HTTP status (catalogue keys or text). */
export function transportMessageKey(status: number | null): 'transport.unavailable' | 'transport.serverError' | 'transport.notFound' | null {
  if (status === 502 || status === 504) return 'transport.unavailable';
  if (status === 400 || status === 500) return 'transport.serverError';
  if (status === 404) return 'transport.notFound';
  return null;
}

export const REQUEST_TIMEOUT_MS = 60_000;

/** Error codes the server puts in `extensions.code`. */
export type GraphQLErrorShape = { message: string; extensions?: { code?: string } };

export type Outcome = 'ok' | 'needLogin' | 'tokenExpired' | 'error';

/** How the network layer treats an answer's errors (needLogin wins over the rest). */
export function classifyErrors(errors: GraphQLErrorShape[] | undefined): Outcome {
  if (!errors?.length) return 'ok';
  const codes = errors.map((e) => e.extensions?.code);
  if (codes.includes('UNAUTHENTICATED')) return 'needLogin';
  if (codes.includes('TOKEN_EXPIRED')) return 'tokenExpired';
  return 'error';
}
