import { describe, expect, it } from "vitest";
import { isContactPhone } from "../../../contract/phone";

describe("the contact phone rule of SPEC 5", () => {
  it.each(["13800000001", "028-85123456", "02885123456", "0851-12345", "028-85123456-801", "12345", "12345678"])("accepts %s", (phone) => {
    expect(isContactPhone(phone)).toBe(true);
  });

  it.each(["1234", "123456789", "1380000000", "138000000012", "28-85123456", "028-1234", "028-85123456-", "abc12345", "028 85123456"])(
    "refuses %s",
    (phone) => {
      expect(isContactPhone(phone)).toBe(false);
    },
  );
});
