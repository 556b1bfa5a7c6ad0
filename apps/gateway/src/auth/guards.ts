import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  Logger,
  SetMetadata,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AccessGroup, type AccessGroupName, AppError, ErrorCode, hasRole, ProtocolCode, Role } from '@kanban/access';
import type { AuthedRequest, RequestUser } from './request-user';
import { requestUserOf, verifiedClaimsOf } from './verified-claims';

const PUBLIC = 'kanban:public';
const ACCESS = 'kanban:access';
const OPERATOR = 'kanban:operator';

/** Open to anyone (sign-in, registration, password reset, health). */
export const Public = () => SetMetadata(PUBLIC, true);

/** Any member of the company: the union of the customer and supplier groups (every role but 0). */
const MEMBER: readonly Role[] = [...new Set([...AccessGroup.customer, ...AccessGroup.supplier])];

/** The company's own staff, readers included (no customer or supplier users): sensors and their device key. */
const STAFF: readonly Role[] = [Role.Admin, Role.Owner, Role.Writer, Role.Readonly];

type Requirement = AccessGroupName | 'member' | 'staff';

function rolesOf(requirement: Requirement): readonly Role[] {
  if (requirement === 'member') return MEMBER;
  if (requirement === 'staff') return STAFF;
  return AccessGroup[requirement];
}

/** Inside /c/{companyID}: the caller must belong to the company with a role of this group (spec 6). */
export const Access = (group: Requirement) => applyDecorators(SetMetadata(ACCESS, group), ApiBearerAuth());

/** Platform operator only. */
export const OperatorOnly = () => applyDecorators(SetMetadata(OPERATOR, true), ApiBearerAuth());

/** Every route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, [context.getHandler(), context.getClass()])) return true;
    // Verified already for this request (the read cache's fast path, same key and checks): not again.
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const claims = verifiedClaimsOf(request);
    if (claims) {
      request.user = requestUserOf(claims);
      return true;
    }
    return super.canActivate(context);
  }

  override handleRequest<T = RequestUser>(err: unknown, user: T | false, info: unknown): T {
    if (err || !user) {
      const expired = (info as { name?: string })?.name === 'TokenExpiredError';
      throw new AppError(ProtocolCode.Unauthenticated, expired ? 'access token expired' : 'not authenticated');
    }
    return user;
  }
}

/**
 * Tenancy and roles, denying by default: a route with a companyID parameter must declare its group, the
 * caller's token must show a membership in that company, and the role must be in the group.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly log = new Logger('AccessGuard');

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest & { params: Record<string, string> }>();
    const user = request.user;
    if (!user) throw new AppError(ProtocolCode.Unauthenticated, 'not authenticated');
    if (this.reflector.getAllAndOverride<boolean>(OPERATOR, targets)) {
      if (!user.operator) throw new AppError(ErrorCode.NoPermission);
      return true;
    }
    const raw = request.params?.companyID;
    if (raw === undefined) return true;
    const group = this.reflector.getAllAndOverride<Requirement | undefined>(ACCESS, targets);
    if (!group) {
      this.log.error(`route ${context.getClass().name}.${context.getHandler().name} has no @Access group: denied`);
      throw new AppError(ErrorCode.NoPermission);
    }
    if (!/^\d{1,9}$/.test(raw)) throw AppError.validation('companyID', 'must be a positive integer');
    if (Number(raw) === 0) throw new AppError(ErrorCode.Validation, 'companyID is required', { field: 'companyID' });
    const companyId = Number(raw);
    const role = user.companies[String(companyId)];
    if (role === undefined || !hasRole(role, rolesOf(group))) throw new AppError(ErrorCode.NoPermission);
    request.companyCaller = { userId: user.userId, operator: user.operator, companyId, role };
    return true;
  }
}
