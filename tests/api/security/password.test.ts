import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "../../../server/security/password";

describe("password", () => {
  it("hashes with argon2id and verifies", async () => {
    const hash = await hashPassword("半导体-Password-1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "半导体-Password-1")).toBe(true);
    expect(await verifyPassword(hash, "半导体-Password-2")).toBe(false);
  });

  it("answers false for a stored value that is no hash", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("generates distinct passwords with lower case, upper case and digits", () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*[2-9])[A-Za-z2-9]{16}$/);
      expect(password).not.toMatch(/[01lIO]/);
    }
  });
});
