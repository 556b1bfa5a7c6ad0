import { Migration } from '@mikro-orm/migrations';

export class Migration20261124011333 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "orders"."kanban_rule_company_id_index";`);

    this.addSql(`drop index "orders"."requisition_decision_company_id_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "kanban_rule_company_id_index" on "orders"."kanban_rule" ("company_id");`);

    this.addSql(`create index "requisition_decision_company_id_index" on "orders"."requisition_decision" ("company_id");`);
  }

}
