import { useCanWithoutCache, useKeys } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { Menu } from "antd";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useT } from "../../i18n/I18nContext";
import { USER_CENTER_ROUTES } from "../../routes";

/**
 * The personal center: a side menu beside the chosen page, listing the route table's personal-center
 * pages. A page that names menu codes is offered only when the access-control provider allows one of
 * them (SPEC 6: removed, not disabled). One useCan per entry, as useQueries: the entries come from
 * the route table, and the answers sit under Refine's access keys, which sign-in and sign-out reset.
 */
export default function UserCenterLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { can } = useCanWithoutCache();
  const { keys } = useKeys();
  const answers = useQueries({
    queries: USER_CENTER_ROUTES.map(({ path, userCenter }) => {
      const params = { menuCode: userCenter?.anyOf };
      return {
        queryKey: keys().access().resource(path).action("list").params({ params }).get(),
        queryFn: () => can?.({ resource: path, action: "list", params }) ?? Promise.resolve({ can: true }),
        retry: false,
      };
    }),
  });

  const items = USER_CENTER_ROUTES.filter((_, index) => answers[index].data?.can === true).map((route) => ({
    key: route.path,
    label: t(route.title),
  }));
  return (
    <div className="page-container" style={{ display: "flex", gap: 24 }}>
      <Menu
        mode="inline"
        style={{ width: 200 }}
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => navigate(key)}
        data-testid="user-center-menu"
      />
      {/* minWidth 0: a wide table scrolls inside the section instead of widening the page. */}
      <section style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </section>
    </div>
  );
}
