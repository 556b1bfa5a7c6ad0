import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type CompanyCaller, IdentitySubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { CompaniesService, type CompanyUpdate, type PlatformCompanyInput } from './companies.service';

@BusController()
export class CompaniesHandler {
  constructor(
    private readonly companies: CompaniesService,
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
  ) {}

  @MessagePattern(IdentitySubjects.health)
  async health(): Promise<{ service: string; db: boolean }> {
    await this.uow.read((em) => em.execute('select 1'));
    return { service: 'identity', db: true };
  }

  @MessagePattern(IdentitySubjects.listMyCompanies)
  listMine(@Payload() p: { caller: Caller }) {
    return this.companies.listMine(p.caller.userId);
  }

  @MessagePattern(IdentitySubjects.getCompany)
  get(@Payload() p: { caller: CompanyCaller }) {
    return this.companies.get(p.caller);
  }

  @MessagePattern(IdentitySubjects.updateCompany)
  update(@Payload() p: { caller: CompanyCaller; update: CompanyUpdate }) {
    return this.companies.update(p.caller, p.update);
  }

  @MessagePattern(IdentitySubjects.licenseStats)
  licenseStats(@Payload() p: { caller: CompanyCaller }) {
    return this.companies.licenseStats(p.caller);
  }

  @MessagePattern(IdentitySubjects.support)
  support(@Payload() p: { caller: CompanyCaller; subject: string; message: string }) {
    return this.companies.support(p.caller, p.subject, p.message);
  }

  @MessagePattern(IdentitySubjects.platformListCompanies)
  platformList() {
    return this.companies.platformList();
  }

  @MessagePattern(IdentitySubjects.platformCreateCompany)
  platformCreate(@Payload() p: { input: PlatformCompanyInput }) {
    return this.companies.platformCreate(p.input);
  }

  @MessagePattern(IdentitySubjects.platformUpdateCompany)
  platformUpdate(@Payload() p: { companyId: number; input: PlatformCompanyInput }) {
    return this.companies.platformUpdate(p.companyId, p.input);
  }
}
