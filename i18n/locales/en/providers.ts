import type { Messages } from "../../types";
import type zh from "../zh-CN/providers";

const providers: Messages<typeof zh> = {
  networkError: "Network error, please try again later",
  timeout: "The request timed out, please try again later",
  sessionEnded: "Your session has ended. Please sign in again.",
  requestFailed: "The request failed, please try again later",
};

export default providers;
