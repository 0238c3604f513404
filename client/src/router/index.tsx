import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createHashRouter, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { loadTexts, targetLang } from '../i18n/index.ts';
import { getToken } from '../lib/storage.ts';
import { logoutIntent, sessionUser } from '../state/session.ts';
import { Loading } from '../layout/Loading.tsx';
import { ErrorPage } from '../screens/system/ErrorPage/ErrorPage.tsx';
import { LoginPage } from '../screens/auth/Login/LoginPage.tsx';

// The login route stays small: the layout and every screen behind it load on demand, with
// every text group of the language the page shows or is switching to (after login: the user's).
const Layout = lazy(() => Promise.all([import('../layout/Layout.tsx'), loadTexts(targetLang())]).then(([m]) => ({ default: m.Layout })));
const Working = lazy(() => import('../screens/working/Working/Working.tsx').then((m) => ({ default: m.Working })));
const NoticeList = lazy(() => import('../screens/notice/NoticeList/NoticeList.tsx').then((m) => ({ default: m.NoticeList })));
const NoticeDetail = lazy(() => import('../screens/notice/NoticeDetail/NoticeDetail.tsx').then((m) => ({ default: m.NoticeDetail })));
const MenuRoute = lazy(() => import('./MenuRoute.tsx').then((m) => ({ default: m.MenuRoute })));
const Standalone = lazy(() => import('../screens/system/Standalone/Standalone.tsx').then((m) => ({ default: m.Standalone })));

/**
 * Without a token only the unguarded paths are open; anything else goes to
 * /login?redirect=<full path>, except right after a deliberate logout (plain /login).
 */
function Guard() {
  const location = useLocation();
  sessionUser.use(); // re-render when the session ends

  if (!getToken()) {
    if (logoutIntent.get()) return <Navigate to="/login" replace />;
    const full = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
  }
  return <Outlet />;
}

/** With a token, /login goes to /. */
function LoginGate() {
  return getToken() ? <Navigate to="/" replace /> : <LoginPage />;
}

/** /redirect/<path> replaces itself with /<path>: how a view is re-entered. */
function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export function createRouter() {
  return createHashRouter([
    { path: '/login', element: <LoginGate /> },
    { path: '/401', element: <ErrorPage code={401} /> },
    { path: '/404', element: <ErrorPage code={404} /> },
    { path: '/school-details', element: page(<Standalone kind="schoolDetails" />) },
    { path: '/wps-loading', element: page(<Standalone kind="wpsLoading" />) },
    {
      element: <Guard />,
      children: [
        { path: '/redirect/*', element: <Redirect /> },
        { path: '/course-export', element: page(<Standalone kind="courseExport" />) },
        {
          path: '/',
          element: page(<Layout />),
          children: [
            { index: true, element: <Navigate to="/working" replace /> },
            { path: 'working', element: <Working /> },
            { path: 'notice', element: <NoticeList /> },
            { path: 'notification/detail/:id', element: <NoticeDetail /> },
            { path: '*', element: <MenuRoute /> },
          ],
        },
      ],
    },
  ]);
}
