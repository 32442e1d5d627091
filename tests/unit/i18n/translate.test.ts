import { describe, expect, it } from "vitest";
import en from "../../../i18n/locales/en";
import zhCN from "../../../i18n/locales/zh-CN";
import { translate } from "../../../i18n/translate";

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe("translate", () => {
  it("speaks Chinese by default and English when asked", () => {
    expect(translate("zh-CN", "shell.titles.home")).toBe("首页");
    expect(translate("en", "shell.titles.home")).toBe("Home");
  });

  it("fills {placeholders}", () => {
    expect(translate("zh-CN", "shell.header.greeting", { name: "张三" })).toBe("您好，张三");
    expect(translate("en", "shell.header.greeting", { name: "Li" })).toBe("Hello, Li");
  });

  it("falls back to the given default, then to the key itself", () => {
    expect(translate("zh-CN", "buttons.nothing", undefined, "Save")).toBe("Save");
    expect(translate("zh-CN", "no.such.key")).toBe("no.such.key");
  });

  it("has an English text for every Chinese one, and nothing left empty", () => {
    const zhKeys = keys(zhCN as unknown as Tree).sort();
    expect(keys(en as unknown as Tree).sort()).toEqual(zhKeys);
    for (const key of zhKeys) {
      expect(translate("zh-CN", key).trim(), key).not.toBe("");
      expect(translate("en", key).trim(), key).not.toBe("");
    }
  });
});
