import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '@/lib/auth/protected-route';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './routes/RouteError';

// One chunk per route.
const Landing = lazy(() => import(/* webpackChunkName: "route-landing" */ './routes/Landing'));
const Signup = lazy(() => import(/* webpackChunkName: "route-signup" */ '@/features/auth/routes/Signup'));
const Login = lazy(() => import(/* webpackChunkName: "route-login" */ '@/features/auth/routes/Login'));
const ForgotPassword = lazy(() => import(/* webpackChunkName: "route-forgot-password" */ '@/features/auth/routes/ForgotPassword'));
const ResetPassword = lazy(() => import(/* webpackChunkName: "route-reset-password" */ '@/features/auth/routes/ResetPassword'));
const Logout = lazy(() => import(/* webpackChunkName: "route-logout" */ '@/features/auth/routes/Logout'));
const SubscriptionCode = lazy(() => import(/* webpackChunkName: "route-subscription-code" */ '@/features/auth/routes/SubscriptionCode'));
const Home = lazy(() => import(/* webpackChunkName: "route-home" */ '@/features/home/routes/Home'));
const Account = lazy(() => import(/* webpackChunkName: "route-account" */ '@/features/account/routes/Account'));
const DeleteAccount = lazy(() => import(/* webpackChunkName: "route-delete-account" */ '@/features/account/routes/DeleteAccount'));
const GoBack = lazy(() => import(/* webpackChunkName: "route-goback" */ '@/features/misc/routes/GoBack'));
const NotFound = lazy(() => import(/* webpackChunkName: "route-not-found" */ '@/features/misc/routes/NotFound'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Landing /> },
      { path: 'signup', element: <Signup /> },
      { path: 'login', element: <Login /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password/:email/:code', element: <ResetPassword /> },
      { path: 'logout', element: <Logout /> },
      { path: 'subscriptioncode', element: <SubscriptionCode /> },
      { path: 'subscriptioncode/:code', element: <SubscriptionCode /> },
      // /home handles /home?token=... itself before protecting the page.
      { path: 'home', element: <Home /> },
      {
        path: 'account',
        element: (
          <ProtectedRoute>
            <Account />
          </ProtectedRoute>
        ),
      },
      {
        path: 'account/delete',
        element: (
          <ProtectedRoute>
            <DeleteAccount />
          </ProtectedRoute>
        ),
      },
      { path: 'goback', element: <GoBack /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
