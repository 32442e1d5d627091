import { useCallback, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { CustomerServiceWidget } from "../site/CustomerServiceWidget";
import { showsFooter, showsHeader } from "../routes";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MainNav } from "./MainNav";
import { NavigationEffects } from "./NavigationEffects";
import "./layout.css";

export function AppLayout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const scrollTarget = useCallback(() => main.current, []);

  return (
    <div className="app-shell">
      <NavigationEffects scrollTarget={scrollTarget} />
      <CustomerServiceWidget />
      {showsHeader(pathname) && <Header />}
      {showsHeader(pathname) && <MainNav />}
      <main className="app-main" ref={main}>
        <Outlet />
      </main>
      {showsFooter(pathname) && <Footer />}
    </div>
  );
}
