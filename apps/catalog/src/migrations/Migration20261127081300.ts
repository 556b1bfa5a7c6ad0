import { Migration } from '@mikro-orm/migrations';

/**
 * deltakanban (docs/ordering-flags.md): the flag existed since the locations table (default false) but the requisition
 * ignored it and filled every rule up to capacity, which is deltakanban on. Now that off means classic kanban (the
 * item's fixed order quantity), every existing location is set on, so it keeps ordering as before, and new locations
 * start on (the product's behaviour so far).
 */
export class Migration20261127081300 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "catalog"."location" alter column "deltakanban" set default true;`);
    this.addSql(`update "catalog"."location" set "deltakanban" = true where not "deltakanban";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."location" alter column "deltakanban" set default false;`);
  }

}
