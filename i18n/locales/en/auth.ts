import type { Messages } from "../../types";
import type zh from "../zh-CN/auth";

const auth: Messages<typeof zh> = {
  login: {
    username: "Username",
    usernamePlaceholder: "Enter your username",
    usernameRequired: "Please enter your username",
    password: "Password",
    passwordPlaceholder: "Enter your password",
    passwordRequired: "Please enter your password",
    captcha: "Captcha",
    captchaPlaceholder: "Enter the captcha",
    captchaRequired: "Please enter the captcha",
    captchaAlt: "Captcha, click to refresh",
    captchaFailed: "The captcha did not load, click to retry",
    submit: "Log in",
    sso: "Log in with single sign-on",
    ssoUnavailable: "Single sign-on is unavailable, please log in with your username and password",
    or: "or",
    register: "Register new account",
    retrievePassword: "Forgot password",
  },
  session: {
    expired: "Login expired",
  },
  loginPrompt: {
    title: "Login required",
    hint: "You are not logged in, log in now?",
    confirm: "Log in now",
    cancel: "Cancel",
  },
  certification: {
    title: "Notice",
    underReview: "Your enterprise certification is under review. The features become available once it is approved.",
    progressLink: "View the certification progress",
    personalCenter: "Go to personal center",
    confirm: "OK",
  },
  signInErrors: {
    invalid_request: "Authorization parameters missing or wrong",
    access_denied: "User or authorization service refused authorization",
    invalid_grant: "Authorization invalid",
    invalid_scope: "Authorization scope not satisfied",
    unauthorized: "Not authorized",
  },
};

export default auth;
