import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { featureTextsReady, loadFeatureTexts } from '../i18n/i18n';
import { matchPath } from '../shared/paths';
import { PageSpinner } from '../shared/errors/PageSpinner';
import { useAppDispatch, useAppSelector } from '../shared/hooks';
import { passes } from '../shared/session/access';
import { navigationCleared } from '../shared/navigation/navigationSlice';
import { clearTarget, peekTarget, rememberTarget } from '../shared/session/tokens';

/** What the guard hands the layout: the signed-in user's role may not open this page (the shell says so). */
export interface GuardOutletContext {
  notAllowed: boolean;
}

/**
 * Access is checked on every route change (spec 3): not logged in -> /login with the address remembered; signed in
 * but not a member of the address's company -> navigation state cleared and off to / (another tenant's pages are not
 * even named); a member (or a page outside companies) whose role the page's `auth` refuses -> the shell shows "not
 * allowed" at that address. The menus offer only what passes the same check (mayOpen in shared/paths.ts).
 */
export function RouteGuard() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const session = useAppSelector((s) => s.session);
  const match = matchPath(location.pathname);
  const authenticated = session.status === 'authenticated';
  const role =
    match?.params.companyID !== undefined ? session.claims.companies[match.params.companyID] : undefined;
  const denied =
    Boolean(match) &&
    authenticated &&
    !passes(match!.def.auth, { authenticated, operator: session.claims.operator, role });
  // a company the user has no role in: sent away as before; a role that may not open the page: told so
  const foreign = denied && match?.params.companyID !== undefined && role === undefined;
  useEffect(() => {
    if (foreign) dispatch(navigationCleared());
  }, [foreign, dispatch]);
  // The document title names the page (screen readers, browser tabs and history).
  const { t, i18n } = useTranslation();
  const titleKey = denied ? 'notAllowed.title' : match?.def.title;
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${t('app.title')}` : t('app.title');
  }, [titleKey, t, i18n.language]);

  if (!match) return <Navigate to="/pages/error" replace />;
  if (match.def.auth === 'public') {
    // After login: the remembered address, or /companies when there is none (spec 2).
    if (match.def.page === 'login' && authenticated) return <Navigate to={peekTarget()} replace />;
    return <Outlet />;
  }
  if (session.status === 'restoring') return <PageSpinner />;
  if (!authenticated) {
    rememberTarget(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (foreign) return <Navigate to="/" replace />;
  return (
    <WithFeatureTexts>
      <Reached notAllowed={denied} />
    </WithFeatureTexts>
  );
}

/** The signed-in pages' texts (fetched once, not part of the /login bundle: i18n.ts), a spinner until they are there. */
function WithFeatureTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [, loaded] = useState(0);
  const ready = featureTextsReady();
  useEffect(() => {
    if (!ready) void loadFeatureTexts().then(() => loaded((n) => n + 1));
  }, [ready, i18n.language]);
  return ready ? children : <PageSpinner />;
}

/** A signed-in page is shown (or "not allowed" in its place): the address remembered before login has served its purpose. */
function Reached({ notAllowed }: { notAllowed: boolean }) {
  useEffect(clearTarget, []);
  return <Outlet context={{ notAllowed } satisfies GuardOutletContext} />;
}
