import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { matchPath } from '../shared/paths';
import { PageSpinner } from '../shared/errors/PageSpinner';
import { useAppDispatch, useAppSelector } from '../shared/hooks';
import { passes } from '../shared/session/access';
import { navigationCleared } from '../shared/navigation/navigationSlice';
import { clearTarget, peekTarget, rememberTarget } from '../shared/session/tokens';

/**
 * Access is checked on every route change (spec 3): not logged in -> /login with the address remembered;
 * logged in without access -> navigation state cleared and off to /.
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
  useEffect(() => {
    if (denied) dispatch(navigationCleared());
  }, [denied, dispatch]);
  // The document title names the page (screen readers, browser tabs and history).
  const { t, i18n } = useTranslation();
  const titleKey = match?.def.title;
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
  if (denied) return <Navigate to="/" replace />;
  return <Reached />;
}

/** A signed-in page is shown: the address remembered before login has served its purpose. */
function Reached() {
  useEffect(clearTarget, []);
  return <Outlet />;
}
