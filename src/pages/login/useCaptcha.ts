import { useCallback, useEffect, useRef, useState } from "react";
import { loadCaptcha, type Captcha } from "../../../providers/session/captcha";

export interface CaptchaState {
  captcha: Captcha | null;
  failed: boolean;
  refresh: () => void;
}

/** A captcha loaded on mount and again on refresh; only the latest request's answer is kept. */
export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latest.current;
    loadCaptcha().then(
      (next) => {
        if (request !== latest.current) return;
        setCaptcha(next);
        setFailed(false);
      },
      () => {
        if (request !== latest.current) return;
        setCaptcha(null);
        setFailed(true);
      },
    );
  }, []);

  useEffect(refresh, [refresh]);

  return { captcha, failed, refresh };
}
