import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, Role } from '@kanban/access';
import { Access, AccessGuard, Public } from './guards';
import type { RequestUser } from './request-user';

class Routes {
  @Access('user')
  users(): void {}

  @Access('member')
  company(): void {}

  undeclared(): void {}

  @Public()
  open(): void {}
}

function contextFor(handler: keyof Routes, user: RequestUser | undefined, companyID?: string) {
  const request: Record<string, unknown> = { user, params: companyID === undefined ? {} : { companyID } };
  const context = {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

const user = (companies: Record<string, Role>): RequestUser => ({ userId: 1, operator: false, companies, client: 'web' });

describe('AccessGuard', () => {
  const guard = new AccessGuard(new Reflector());

  function code(run: () => unknown): number | 'passed' {
    try {
      run();
      return 'passed';
    } catch (error) {
      return (error as AppError).code;
    }
  }

  it('passes a member whose role is in the group and records the company caller', () => {
    const { context, request } = contextFor('users', user({ '7': Role.Writer }), '7');
    expect(guard.canActivate(context)).toBe(true);
    expect(request.companyCaller).toEqual({ userId: 1, operator: false, companyId: 7, role: Role.Writer });
  });

  it('denies a role outside the group and a company the caller does not belong to', () => {
    expect(code(() => guard.canActivate(contextFor('users', user({ '7': Role.Readonly }), '7').context))).toBe(1020);
    expect(code(() => guard.canActivate(contextFor('users', user({ '8': Role.Admin }), '7').context))).toBe(1020);
  });

  it('denies by default a company route that declares no group', () => {
    expect(code(() => guard.canActivate(contextFor('undeclared', user({ '7': Role.Admin }), '7').context))).toBe(1020);
  });

  it('lets every role but 0 in as member', () => {
    for (const role of [1, 2, 3, 4, 5, 6]) expect(code(() => guard.canActivate(contextFor('company', user({ '7': role }), '7').context))).toBe('passed');
    expect(code(() => guard.canActivate(contextFor('company', user({ '7': Role.Undefined }), '7').context))).toBe(1020);
  });

  it('rejects malformed company ids with 1000 and lets public routes through', () => {
    expect(code(() => guard.canActivate(contextFor('users', user({ '7': Role.Admin }), '7abc').context))).toBe(1000);
    expect(guard.canActivate(contextFor('open', undefined, '7').context)).toBe(true);
  });
});
