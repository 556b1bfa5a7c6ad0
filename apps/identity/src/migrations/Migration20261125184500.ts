import { Migration } from '@mikro-orm/migrations';

export class Migration20261125184500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."invitation" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "role" smallint not null, "app" boolean not null default false, "token_id" uuid not null, "secret_hash" text not null, "invited_by" int not null, "created_at" timestamptz(6) not null, "expires_at" timestamptz(6) not null);`);
    this.addSql(`create index "invitation_company_id_index" on "identity"."invitation" ("company_id");`);
    this.addSql(`alter table "identity"."invitation" add constraint "invitation_token_id_unique" unique ("token_id");`);
    this.addSql(`alter table "identity"."invitation" add constraint "invitation_company_id_user_id_unique" unique ("company_id", "user_id");`);
    this.addSql(`alter table "identity"."invitation" add constraint "invitation_user_id_foreign" foreign key ("user_id") references "identity"."user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."invitation" cascade;`);
  }

}
