import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@kanban/access';
import type { Caller, ClientKind, CompanyCaller } from '@kanban/contracts';

/** What the gateway knows about the caller after verifying the access token. */
export interface RequestUser {
  userId: number;
  operator: boolean;
  companies: Record<string, Role>;
  client: ClientKind;
  family?: string;
}

export interface AuthedRequest {
  user?: RequestUser;
  companyCaller?: CompanyCaller;
}

/** The verified caller (for calls outside a company). */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller & { family?: string } => {
  const user = ctx.switchToHttp().getRequest<AuthedRequest>().user!;
  return { userId: user.userId, operator: user.operator, family: user.family };
});

/** The caller inside /c/{companyID}: membership and role group already checked by the guard. */
export const CompanyCtx = createParamDecorator((_: unknown, ctx: ExecutionContext): CompanyCaller => {
  const caller = ctx.switchToHttp().getRequest<AuthedRequest>().companyCaller;
  if (!caller) throw new Error('CompanyCtx used on a route without company access check');
  return caller;
});
