import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BusRequest, IdentitySubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { CompaniesService } from './companies.service';

@BusController()
export class CompaniesHandler {
  constructor(
    private readonly companies: CompaniesService,
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
  ) {}

  @Handles(IdentitySubjects.health)
  async health(): Promise<{ service: string; db: boolean }> {
    await this.uow.read((em) => em.execute('select 1'));
    return { service: 'identity', db: true };
  }

  @Handles(IdentitySubjects.listMyCompanies)
  listMine(@Payload() p: BusRequest<'identity.company.list_mine'>) {
    return this.companies.listMine(p.caller.userId);
  }

  @Handles(IdentitySubjects.getCompany)
  get(@Payload() p: BusRequest<'identity.company.get'>) {
    return this.companies.get(p.caller);
  }

  @Handles(IdentitySubjects.updateCompany)
  update(@Payload() p: BusRequest<'identity.company.update'>) {
    return this.companies.update(p.caller, p.update);
  }

  @Handles(IdentitySubjects.licenseStats)
  licenseStats(@Payload() p: BusRequest<'identity.company.license_stats'>) {
    return this.companies.licenseStats(p.caller);
  }

  @Handles(IdentitySubjects.support)
  support(@Payload() p: BusRequest<'identity.company.support'>) {
    return this.companies.support(p.caller, p.subject, p.message);
  }

  @Handles(IdentitySubjects.platformListCompanies)
  platformList() {
    return this.companies.platformList();
  }

  @Handles(IdentitySubjects.platformCreateCompany)
  platformCreate(@Payload() p: BusRequest<'identity.platform.companies.create'>) {
    return this.companies.platformCreate(p.input);
  }

  @Handles(IdentitySubjects.platformUpdateCompany)
  platformUpdate(@Payload() p: BusRequest<'identity.platform.companies.update'>) {
    return this.companies.platformUpdate(p.companyId, p.input);
  }
}
