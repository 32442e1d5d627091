import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Dialect } from "../../db/database";
import type { Database } from "../../db/schema";
import { fromDbTime, toDbTime } from "../../db/time";

/**
 * oidc-provider's storage in the table oidc_payloads, so that a sign-in started on one server
 * process can finish on another (DESIGN.md "Runtime": stateless processes behind a load balancer).
 * Expired rows are never answered; they are swept whenever a sign-in starts (a new Interaction),
 * which bounds the table without a timer.
 */
export class KyselyAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private now() {
    return toDbTime(this.dialect, new Date());
  }

  private async findBy(column: "id" | "uid" | "userCode", value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom("oidcPayloads")
      .select(["payload", "consumedAt"])
      .where("model", "=", this.model)
      .where(column, "=", value)
      .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", this.now())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The provider reads `consumed` (seconds since the epoch) to refuse a code used twice.
    return row.consumedAt === null ? payload : { ...payload, consumed: Math.floor(fromDbTime(row.consumedAt).getTime() / 1000) };
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    if (this.model === "Interaction") {
      await this.db.deleteFrom("oidcPayloads").where("expiresAt", "<=", this.now()).execute();
    }
    const values = {
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === "number" ? toDbTime(this.dialect, new Date(Date.now() + expiresIn * 1000)) : null,
    };
    await this.db
      .insertInto("oidcPayloads")
      .values({ model: this.model, id, ...values })
      .onConflict((oc) => oc.columns(["model", "id"]).doUpdateSet(values))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy("id", id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy("uid", uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy("userCode", userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.updateTable("oidcPayloads").set({ consumedAt: this.now() }).where("model", "=", this.model).where("id", "=", id).execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom("oidcPayloads").where("model", "=", this.model).where("id", "=", id).execute();
  }

  /** Every code and token of a grant, whatever its model (a code used twice revokes them all). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom("oidcPayloads").where("grantId", "=", grantId).execute();
  }
}
