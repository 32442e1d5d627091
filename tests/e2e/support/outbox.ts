import Database from "better-sqlite3";
import { join } from "node:path";

/** The newest SMS code the server's outbox adapter recorded for a mobile number. */
export function latestSmsCode(dataDir: string, mobile: string): string {
  const db = new Database(join(dataDir, "platform.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select content from sms_outbox where mobile = ? order by created_at desc, id desc limit 1")
      .get(mobile) as { content: string } | undefined;
    const code = row?.content.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no SMS code in the outbox for ${mobile}`);
    return code;
  } finally {
    db.close();
  }
}
