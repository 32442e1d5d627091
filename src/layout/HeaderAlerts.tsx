import { BellOutlined, ScheduleOutlined } from "@ant-design/icons";
import { Badge, Button, Popover } from "antd";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { FOLLOWUP_BADGE_REFRESH_MS } from "../../contract/followups";
import { MenuCode } from "../../contract/menus";
import { Paths } from "../../contract/paths";
import type { NotificationItem } from "../../contract/schemas/notifications";
import { storage } from "../../providers/storage";
import { StorageKey } from "../../providers/storageKeys";
import { subscribeToSession } from "../../providers/session/storedUser";
import { fetchNotifications, fetchSummary, markRead, onFollowupsChanged } from "../../resources/followups/followupCalls";
import { patentHref, patentSearchHref } from "../../resources/patents/searchLinks";
import { useT } from "../i18n/I18nContext";
import "./headerAlerts.css";

/** Whether the stored menu codes (the auth list, [{ menuCode }]) hold the code. */
export function holdsMenu(raw: string | null, code: string): boolean {
  if (!raw) return false;
  try {
    const menus: unknown = JSON.parse(raw);
    return Array.isArray(menus) && menus.some((menu) => (menu as { menuCode?: unknown } | null)?.menuCode === code);
  } catch {
    return false;
  }
}

const menusSnapshot = () => storage.getText(StorageKey.AUTH);

/**
 * Runs `refresh` when mounted, every FOLLOWUP_BADGE_REFRESH_MS, when the window regains focus, at
 * each navigation and when the follow-ups change (followupsChanged); one call at a time.
 */
function useRefresh(refresh: () => Promise<void>): void {
  const { pathname } = useLocation();
  const inFlight = useRef(false);
  const run = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    refresh().finally(() => {
      inFlight.current = false;
    });
  }, [refresh]);
  useEffect(() => {
    const timer = setInterval(run, FOLLOWUP_BADGE_REFRESH_MS);
    const onFocus = () => run();
    window.addEventListener("focus", onFocus);
    const off = onFollowupsChanged(run);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      off();
    };
  }, [run]);
  useEffect(run, [run, pathname]);
}

/** The number of follow-ups overdue or due today, linking to 我的待跟进. */
export function FollowupBadge() {
  const t = useT();
  const [count, setCount] = useState(0);
  const refresh = useCallback(async () => {
    try {
      const { overdue, today } = await fetchSummary();
      setCount(overdue + today);
    } catch {
      // The last count stays; the next refresh tries again.
    }
  }, []);
  useRefresh(refresh);
  const label = t("followups.badge.label", { count });
  return (
    <Link to={Paths.FOLLOWUPS} className="app-header__alert" aria-label={label} title={label} data-testid="followup-badge">
      <Badge count={count} size="small" overflowCount={99} data-testid="followup-badge-count">
        <ScheduleOutlined aria-hidden className="app-header__alert-icon" />
      </Badge>
    </Link>
  );
}

/** The text of a notification, in the reader's language. */
export function notificationText(item: Pick<NotificationItem, "kind" | "params">, t: ReturnType<typeof useT>): string {
  return t(`followups.notifications.kinds.${item.kind}`, item.params);
}

/** A summary's search model, stored as JSON text in its params; nothing when unreadable. */
function modelParam(value: string | number | undefined): Record<string, unknown> {
  try {
    const model: unknown = JSON.parse(String(value));
    return model && typeof model === "object" && !Array.isArray(model) ? (model as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Where a notification leads: the follow-ups, a watched patent's detail, or the watch's search. */
export function notificationLink(item: Pick<NotificationItem, "kind" | "params">): string {
  switch (item.kind) {
    case "patentWatchMatch":
      return patentHref(Paths.PATENTS, item.params.patentId ?? "");
    case "patentWatchSummary":
      return patentSearchHref(Paths.PATENTS, modelParam(item.params.model));
    default:
      return Paths.FOLLOWUPS;
  }
}

/** The notification centre: a bell with the unread count and a popover of the latest notifications. */
export function NotificationBell() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [records, setRecords] = useState<NotificationItem[]>([]);
  const [unread, setUnread] = useState(0);
  const refresh = useCallback(async () => {
    try {
      const list = await fetchNotifications();
      setRecords(list.records);
      setUnread(list.unread);
    } catch {
      // As the badge: the last list stays.
    }
  }, []);
  useRefresh(refresh);

  const read = async (ids: number[]) => {
    if (ids.length === 0) return;
    try {
      setUnread(await markRead(ids));
      await refresh();
    } catch {
      // Still unread; nothing else to do.
    }
  };
  const unreadIds = records.filter((r) => r.readAt === null).map((r) => r.id);

  const content = (
    <div className="notification-list" data-testid="notification-list">
      {records.length === 0 ? (
        <p className="notification-list__empty">{t("followups.notifications.empty")}</p>
      ) : (
        <ul>
          {records.map((item) => (
            <li key={item.id} className={item.readAt === null ? "notification-list__item notification-list__item--unread" : "notification-list__item"}>
              <a
                role="button"
                tabIndex={0}
                onClick={() => {
                  setOpen(false);
                  void read(item.readAt === null ? [item.id] : []);
                  navigate(notificationLink(item));
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    (event.currentTarget as HTMLElement).click();
                  }
                }}
              >
                {item.readAt === null && <span className="notification-list__dot" aria-label={t("followups.notifications.unread")} />}
                <span>{notificationText(item, t)}</span>
              </a>
              <time className="notification-list__time">{item.createdAt}</time>
            </li>
          ))}
        </ul>
      )}
      {unreadIds.length > 0 && (
        <Button size="small" type="link" onClick={() => void read(unreadIds)} data-testid="notification-read-all">
          {t("followups.notifications.markAllRead")}
        </Button>
      )}
    </div>
  );

  const label = unread > 0 ? t("followups.notifications.bellUnread", { count: unread }) : t("followups.notifications.bell");
  return (
    <Popover
      content={content}
      title={t("followups.notifications.title")}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refresh();
      }}
    >
      <a role="button" tabIndex={0} className="app-header__alert" aria-label={label} title={label} aria-haspopup="dialog" aria-expanded={open} data-testid="notification-bell">
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined aria-hidden className="app-header__alert-icon" />
        </Badge>
      </a>
    </Popover>
  );
}

/**
 * The header's follow-up badge, for users holding the follow-up menu, and the notification bell,
 * for them and for those who may search patents (their watches' notices). Loaded on its own, like
 * the user menu.
 */
export default function HeaderAlerts() {
  const menus = useSyncExternalStore(subscribeToSession, menusSnapshot);
  const followups = holdsMenu(menus, MenuCode.FOLLOWUPS);
  const patents = holdsMenu(menus, MenuCode.PATENT_SEARCH);
  if (!followups && !patents) return null;
  return (
    <>
      {followups && <FollowupBadge />}
      <NotificationBell />
    </>
  );
}
