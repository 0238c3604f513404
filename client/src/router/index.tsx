import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createHashRouter, Navigate, Outlet, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { loadTexts, targetLang } from '../i18n/index.ts';
import { getToken } from '../lib/storage.ts';
import { logoutIntent, sessionUser } from '../state/session.ts';
import { Loading } from '../layout/Loading.tsx';
import { ErrorPage } from '../screens/system/ErrorPage/ErrorPage.tsx';
import { LoginPage } from '../screens/auth/Login/LoginPage.tsx';
import { RouteError } from './RouteError.tsx';

// The login route stays small: the layout and every screen behind it load on demand, with
// every text group of the language the page shows or is switching to (after login: the user's).
const Layout = lazy(() => Promise.all([import('../layout/Layout.tsx'), loadTexts(targetLang())]).then(([m]) => ({ default: m.Layout })));
const Working = lazy(() => import('../screens/schedule/Working/Working.tsx').then((m) => ({ default: m.Working })));
const NoticeList = lazy(() => import('../screens/notices/NoticeList/NoticeList.tsx').then((m) => ({ default: m.NoticeList })));
const NoticeDetail = lazy(() => import('../screens/notices/NoticeDetail/NoticeDetail.tsx').then((m) => ({ default: m.NoticeDetail })));
const MenuRoute = lazy(() => import('./MenuRoute.tsx').then((m) => ({ default: m.MenuRoute })));
const SchoolPublic = lazy(() => import('../screens/schools/SchoolPublic/SchoolPublic.tsx'));
const CourseExport = lazy(() => import('../screens/courses/CourseExport/CourseExport.tsx'));
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

/**
 * Route loaders start the screen's query while React loads the screen's code (one round trip
 * after a click); they return the query references at once and never wait for the data. The
 * Relay side lives in its own chunk (./preload.ts), so the login route stays without relay-runtime.
 */
const preload =
  (id: 'working' | 'notice' | 'noticeDetail') =>
  async ({ params }: LoaderFunctionArgs) => {
    if (!getToken()) return null;
    return (await import('./preload.ts')).preloadRoute(id, params);
  };
// Loaders re-run on every navigation into their route (that is when a screen asks again), not
// when another route's search changes.
const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }) => currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export function createRouter() {
  return createHashRouter([
    { path: '/login', element: <LoginGate />, errorElement: <RouteError /> },
    { path: '/401', element: <ErrorPage code={401} /> },
    { path: '/404', element: <ErrorPage code={404} /> },
    { path: '/school-details', element: page(<SchoolPublic />), errorElement: <RouteError /> },
    { path: '/wps-loading', element: page(<Standalone kind="wpsLoading" />), errorElement: <RouteError /> },
    {
      element: <Guard />,
      errorElement: <RouteError />,
      children: [
        { path: '/redirect/*', element: <Redirect /> },
        { path: '/course-export', element: page(<CourseExport />), errorElement: <RouteError /> },
        {
          path: '/',
          element: page(<Layout />),
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to="/working" replace /> },
            // Inside the layout an error takes the screen's place: menu, top bar and tabs stay.
            { path: 'working', element: <Working />, loader: preload('working'), shouldRevalidate, errorElement: <RouteError /> },
            { path: 'notice', element: <NoticeList />, loader: preload('notice'), shouldRevalidate, errorElement: <RouteError /> },
            { path: 'notification/detail/:id', element: <NoticeDetail />, loader: preload('noticeDetail'), shouldRevalidate, errorElement: <RouteError /> },
            // Screens behind the menu start their query in MenuRoute (the menu says which screen a path is).
            { path: '*', element: <MenuRoute />, errorElement: <RouteError /> },
          ],
        },
      ],
    },
  ]);
}
