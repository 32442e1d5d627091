import { createHash } from "node:crypto";

/**
 * The development provider's own pages. Plain HTML with one inline <style>; the only script is
 * the sign-out page's AUTO_SUBMIT, allowed by its hash in the /idp Content-Security-Policy
 * (server/plugins/security.ts, with AUTO_SUBMIT_SOURCE added in ./mount.ts).
 */

/** Posts the page's form as soon as it is read: the sign-out the app asked for needs no click. */
const AUTO_SUBMIT = "document.forms[0].submit();";
/** The script-src source that allows AUTO_SUBMIT and nothing else. */
export const AUTO_SUBMIT_SOURCE = `'sha256-${createHash("sha256").update(AUTO_SUBMIT).digest("base64")}'`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f2f5;
font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f}
main{width:360px;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{margin:0 0 8px;font-size:20px;text-align:center}
p.hint{margin:0 0 24px;color:#8c8c8c;font-size:13px;text-align:center}
label{display:block;margin-bottom:16px;font-size:14px}
input{box-sizing:border-box;width:100%;margin-top:6px;padding:8px 11px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
p.error{margin:0 0 16px;color:#ff4d4f;font-size:14px}
button{width:100%;padding:8px;border:0;border-radius:6px;font-size:15px;cursor:pointer}
button.primary{background:#1677ff;color:#fff}
button.secondary{margin-top:12px;background:#f5f5f5;color:#595959}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts the account and password. */
  loginAction: string;
  /** Where the cancel button posts: the app then gets error=access_denied. */
  abortAction: string;
  username?: string;
  error?: string;
}

export function loginPage({ loginAction, abortAction, username = "", error }: LoginPageOptions): string {
  return page(
    "统一身份认证",
    `<h1>统一身份认证</h1>
<p class="hint">开发用身份提供方，仅供测试</p>
<form method="post" action="${escapeHtml(loginAction)}" autocomplete="off">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<label for="username">账号<input id="username" name="username" value="${escapeHtml(username)}" required autofocus></label>
<label for="password">密码<input id="password" name="password" type="password" required></label>
<button class="primary" type="submit">登录</button>
</form>
<form method="post" action="${escapeHtml(abortAction)}">
<button class="secondary" type="submit">取消</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page("登录出错", `<h1>登录出错</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

/**
 * RP-initiated logout's confirmation (oidc-provider's logoutSource): its form, with logout=yes
 * added so the whole provider session ends, is posted at once; without script, by the button.
 */
export function logoutPage(providerForm: string): string {
  const form = providerForm.replace("</form>", '<input type="hidden" name="logout" value="yes"/><button class="primary" type="submit">退出登录</button></form>');
  return page("统一身份认证", `<h1>统一身份认证</h1>\n<p class="hint">正在退出统一身份认证……</p>\n${form}\n<script>${AUTO_SUBMIT}</script>`);
}

/** After a sign-out that named no address to return to. */
export function signedOutPage(): string {
  return page("统一身份认证", `<h1>统一身份认证</h1>\n<p class="hint">您已退出统一身份认证。</p>`);
}
