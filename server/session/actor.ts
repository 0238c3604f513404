/**
 * Who is calling: the types `session/session.ts` resolves a token into. They live here, not in
 * `context.ts`, so that the session (which `context.ts` calls) imports nothing from it.
 */
/** The authenticated caller. */
export type Actor = {
  id: number;
  account: string;
  name: string;
  nameEn: string | null;
  /** 1 staff, 2 parent, 3 student */
  type: number;
  roleIds: number[];
  roleCodes: string[];
  isAdmin: boolean;
  language: number;
  timeZone: string;
  tokenId: number;
};

export type AuthFailure = 'NEED_LOGIN' | 'TOKEN_EXPIRED';
