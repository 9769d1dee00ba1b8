import { PAGES } from '@madreseh/contract/paths';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from './error-pages';
import {
  alwaysRevalidate,
  dashboardLoader,
  parentLoader,
  studentLoader,
  superAdminLoader,
  teacherLoader,
} from './guard';
import { importWithReload } from './lazy-route';
import { RootShell } from './root-shell';

/** A lazily loaded route module (its own chunk) that reloads the page once if its chunk is gone. */
const lazy = (load: () => Promise<object>) => () => importWithReload(load);

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        lazy: lazy(() => import('./layouts/default-layout')),
        children: [
          { index: true, lazy: lazy(() => import('./pages/home')) },
          { path: 'Gallery', caseSensitive: true, lazy: lazy(() => import('../features/gallery/pages/gallery-page')) },
          { path: 'gallery', caseSensitive: true, element: <Navigate to="/Gallery" replace /> },
          { path: 'news/:id', lazy: lazy(() => import('../features/home/pages/notice-page')) },
          {
            path: 'achievements/:id',
            lazy: lazy(() => import('../features/achievements/pages/achievement-page')),
          },
          { path: 'about-us', lazy: lazy(() => import('../features/home/pages/about-page')) },
          { path: 'contact-us', lazy: lazy(() => import('../features/contact/pages/contact-page')) },
        ],
      },
      {
        // The pre-registration form is public too: no Mantine (docs/decisions/0021).
        path: 'pre-register',
        lazy: lazy(() => import('./layouts/pre-register-layout')),
        children: [{ index: true, lazy: lazy(() => import('../features/pre-register/pages/pre-register-page')) }],
      },
      {
        // Everything but the public pages brings Mantine with this layout (docs/decisions/0014).
        lazy: lazy(() => import('./layouts/mantine-layout')),
        children: [
          {
            path: 'auth',
            lazy: lazy(() => import('./layouts/auth-layout')),
            children: [{ index: true, lazy: lazy(() => import('../features/auth/pages/login-page')) }],
          },
          {
            id: 'student',
            path: 'student',
            loader: studentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/student-layout')),
            children: [
              { index: true, lazy: lazy(() => import('../features/student-home/pages/student-home-page')) },
              { path: 'news', lazy: lazy(() => import('../features/news/pages/student-news-page')) },
              { path: 'news/:id', lazy: lazy(() => import('../features/news/pages/student-news-item-page')) },
              { path: 'report-card', lazy: lazy(() => import('../features/report-cards/pages/my-report-card-page')) },
              {
                path: 'attendance',
                lazy: lazy(() => import('../features/attendance/pages/my-attendance-page')),
              },
              { path: 'invoices', lazy: lazy(() => import('../features/payments/pages/student-invoices-page')) },
              { path: 'card-to-card', lazy: lazy(() => import('../features/payments/pages/card-to-card-page')) },
              {
                path: PAGES.paymentResult.slice('/student/'.length),
                lazy: lazy(() => import('../features/payments/pages/payment-result-page')),
              },
              { path: 'profile', lazy: lazy(() => import('../features/student-profile/pages/profile-page')) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            id: 'teacher',
            path: 'teacher',
            loader: teacherLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/teacher-layout')),
            children: [
              { index: true, lazy: lazy(() => import('../features/teachers/pages/teacher-home-page')) },
              { path: 'grades', lazy: lazy(() => import('../features/report-cards/pages/teacher-grid-page')) },
              { path: 'marks', lazy: lazy(() => import('../features/assessments/pages/teacher-marks-page')) },
              {
                path: 'attendance',
                lazy: lazy(() => import('../features/attendance/pages/take-attendance-page')),
              },
              { path: 'news', lazy: lazy(() => import('../features/news/pages/teacher-news-page')) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            id: 'parent',
            path: 'parent',
            loader: parentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/parent-layout')),
            children: [
              { index: true, lazy: lazy(() => import('../features/parents/pages/parent-home-page')) },
              { path: 'settings', lazy: lazy(() => import('../features/parents/pages/parent-settings-page')) },
              {
                path: PAGES.parentBatchResult.slice('/parent/'.length),
                lazy: lazy(() => import('../features/parents/pages/batch-result-page')),
              },
              {
                // The student's own pages, for the chosen child (lib/viewer).
                path: ':childId',
                children: [
                  { index: true, lazy: lazy(() => import('../features/parents/pages/parent-home-page')) },
                  { path: 'news', lazy: lazy(() => import('../features/news/pages/student-news-page')) },
                  { path: 'news/:id', lazy: lazy(() => import('../features/news/pages/student-news-item-page')) },
                  {
                    path: 'report-card',
                    lazy: lazy(() => import('../features/report-cards/pages/my-report-card-page')),
                  },
                  {
                    path: 'attendance',
                    lazy: lazy(() => import('../features/attendance/pages/my-attendance-page')),
                  },
                  { path: 'invoices', lazy: lazy(() => import('../features/payments/pages/student-invoices-page')) },
                  { path: 'card-to-card', lazy: lazy(() => import('../features/payments/pages/card-to-card-page')) },
                  {
                    path: PAGES.parentPaymentResult.slice('/parent/:childId/'.length),
                    lazy: lazy(() => import('../features/payments/pages/payment-result-page')),
                  },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            id: 'dashboard',
            path: 'dashboard',
            loader: dashboardLoader,
            shouldRevalidate: alwaysRevalidate,
            children: [
              {
                lazy: lazy(() => import('./layouts/dashboard-layout')),
                children: [
                  { index: true, lazy: lazy(() => import('./pages/dashboard-home')) },
                  { path: 'contact-us', lazy: lazy(() => import('../features/contact/pages/dashboard-contact-page')) },
                  { path: 'news', lazy: lazy(() => import('../features/news/pages/dashboard-news-page')) },
                  {
                    path: 'achievement',
                    lazy: lazy(() => import('../features/achievements/pages/achievements-admin-page')),
                  },
                  { path: 'gallery', lazy: lazy(() => import('../features/gallery/pages/dashboard-gallery-page')) },
                  {
                    path: 'pre-register',
                    lazy: lazy(() => import('../features/pre-register/pages/pre-register-admin-page')),
                  },
                  { path: 'student/list', lazy: lazy(() => import('../features/students/pages/student-list-page')) },
                  {
                    path: 'student-invoice/:id',
                    lazy: lazy(() => import('../features/payments/pages/student-invoice-page')),
                  },
                  { path: 'invoices', lazy: lazy(() => import('../features/payments/pages/invoices-page')) },
                  {
                    path: 'payments/pending',
                    lazy: lazy(() => import('../features/payments/pages/pending-receipts-page')),
                  },
                  { path: 'group', lazy: lazy(() => import('../features/groups/pages/groups-page')) },
                  { path: 'teachers', lazy: lazy(() => import('../features/teachers/pages/teachers-page')) },
                  {
                    path: 'attendance',
                    lazy: lazy(() => import('../features/attendance/pages/attendance-admin-page')),
                  },
                  {
                    path: 'attendance/take',
                    lazy: lazy(() => import('../features/attendance/pages/take-attendance-page')),
                  },
                  { path: 'report-card', lazy: lazy(() => import('../features/report-cards/pages/grid-page')) },
                  { path: 'settings', lazy: lazy(() => import('./pages/settings')) },
                  {
                    path: 'notifications/message',
                    lazy: lazy(() => import('../features/notifications/pages/message-page')),
                  },
                  {
                    path: 'notifications/settings',
                    loader: superAdminLoader,
                    errorElement: <RouteErrorPage />,
                    shouldRevalidate: alwaysRevalidate,
                    lazy: lazy(() => import('../features/notifications/pages/settings-page')),
                  },
                  { path: 'audit', lazy: lazy(() => import('../features/audit/pages/audit-page')) },
                  { path: 'sign-in', lazy: lazy(() => import('../features/auth/pages/slowed-sign-ins-page')) },
                  {
                    path: 'admins',
                    loader: superAdminLoader,
                    errorElement: <RouteErrorPage />,
                    shouldRevalidate: alwaysRevalidate,
                    lazy: lazy(() => import('../features/admins/pages/admins-page')),
                  },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              {
                path: 'pre-register/print/:id',
                lazy: lazy(() => import('./layouts/print-layout')),
                children: [
                  { index: true, lazy: lazy(() => import('../features/pre-register/pages/pre-register-print-page')) },
                ],
              },
              {
                path: 'student-invoice/:id/receipt/:paymentId',
                lazy: lazy(() => import('./layouts/print-layout')),
                children: [{ index: true, lazy: lazy(() => import('../features/payments/pages/admin-receipt-page')) }],
              },
              {
                path: 'teachers/login-slip',
                lazy: lazy(() => import('./layouts/print-layout')),
                children: [{ index: true, lazy: lazy(() => import('../features/teachers/pages/teacher-slip-page')) }],
              },
              {
                path: 'student/login-slip',
                lazy: lazy(() => import('./layouts/print-layout')),
                children: [{ index: true, lazy: lazy(() => import('../features/students/pages/login-slip-page')) }],
              },
            ],
          },
          {
            path: 'student/report-card/print',
            loader: studentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/print-layout')),
            children: [
              { index: true, lazy: lazy(() => import('../features/report-cards/pages/print-report-card-page')) },
            ],
          },
          {
            path: 'student/payment/receipt/:id',
            loader: studentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/print-layout')),
            children: [{ index: true, lazy: lazy(() => import('../features/payments/pages/receipt-page')) }],
          },
          {
            path: 'parent/:childId/report-card/print',
            loader: parentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/print-layout')),
            children: [
              { index: true, lazy: lazy(() => import('../features/report-cards/pages/print-report-card-page')) },
            ],
          },
          {
            path: PAGES.parentBatchReceipt.slice(1),
            loader: parentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/print-layout')),
            children: [{ index: true, lazy: lazy(() => import('../features/parents/pages/batch-receipt-page')) }],
          },
          {
            path: 'parent/:childId/payment/receipt/:id',
            loader: parentLoader,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazy(() => import('./layouts/print-layout')),
            children: [{ index: true, lazy: lazy(() => import('../features/payments/pages/receipt-page')) }],
          },
          {
            path: PAGES.paymentSandbox.slice(1),
            lazy: lazy(() => import('../features/payments/pages/sandbox-gateway-page')),
          },
          { path: '*', element: <NotFoundPage main /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
