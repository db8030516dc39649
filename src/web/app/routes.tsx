import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "../components/layout/public-layout";
import { NotFoundPage } from "../features/errors/not-found-page";
import { RouteErrorPage } from "../features/errors/route-error-page";
import { LandingPage } from "../features/landing/landing-page";
import { RootLayout } from "./root-layout";

/** A route whose page is a lazy chunk, named by its export. */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const authPages = () => import("../features/auth/auth-pages");
const appPages = () => import("../features/app-shell/app-pages");
const documentPages = () => import("../features/documents/document-pages");
const billingPages = () => import("../features/billing/billing-pages");

/**
 * The spec's route table. The landing page ships in the first bundle; every other page is
 * a lazy chunk so the landing page stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          { path: "/", element: <LandingPage /> },
          {
            path: "/termsofservice",
            ...lazyPage(
              () => import("../features/legal/terms-page"),
              (m) => m.TermsPage,
            ),
          },
          {
            path: "/privacypolicy",
            ...lazyPage(
              () => import("../features/legal/privacy-page"),
              (m) => m.PrivacyPage,
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        ...lazyPage(
          () => import("../features/session/session-root"),
          (m) => m.SessionRoot,
        ),
        errorElement: <RouteErrorPage />,
        children: [
          {
            ...lazyPage(authPages, (m) => m.AuthLayout),
            children: [
              { path: "/login", ...lazyPage(authPages, (m) => m.LoginPage) },
              { path: "/auth/verify", ...lazyPage(authPages, (m) => m.VerifyPage) },
              { path: "/auth/code", ...lazyPage(authPages, (m) => m.CodePage) },
              { path: "/auth/open", ...lazyPage(authPages, (m) => m.OpenLinkPage) },
              { path: "/auth/hash", ...lazyPage(authPages, (m) => m.HashPage) },
              { path: "/auth/error", ...lazyPage(authPages, (m) => m.AuthErrorPage) },
              { path: "/auth/reset", ...lazyPage(authPages, (m) => m.ResetPasswordPage) },
              { path: "/auth/new-password", ...lazyPage(authPages, (m) => m.NewPasswordPage) },
            ],
          },
          {
            ...lazyPage(
              () => import("../features/session/guards"),
              (m) => m.RequireSession,
            ),
            children: [
              { path: "/billing/checkout/:checkoutId", ...lazyPage(billingPages, (m) => m.LocalCheckoutPage) },
              { path: "/billing/portal", ...lazyPage(billingPages, (m) => m.LocalPortalPage) },
              {
                path: "/app",
                ...lazyPage(appPages, (m) => m.AppShell),
                children: [
                  { index: true, element: <Navigate to="/app/documents" replace /> },
                  { path: "documents", ...lazyPage(documentPages, (m) => m.DocumentsPage) },
                  { path: "documents/:documentId", ...lazyPage(documentPages, (m) => m.DocumentViewPage) },
                  {
                    path: "chat",
                    ...lazyPage(
                      () => import("../features/chat/chat-page"),
                      (m) => m.ChatPage,
                    ),
                  },
                  { path: "account", ...lazyPage(appPages, (m) => m.AccountPage) },
                  { path: "contact-sales", ...lazyPage(appPages, (m) => m.ContactSalesPage) },
                  {
                    path: "admin/org",
                    ...lazyPage(appPages, (m) => m.RequireOrganizationAdmin),
                    children: [{ index: true, ...lazyPage(appPages, (m) => m.OrganizationAdminPage) }],
                  },
                  {
                    path: "admin/platform",
                    ...lazyPage(appPages, (m) => m.RequirePlatformOwner),
                    children: [{ index: true, ...lazyPage(appPages, (m) => m.PlatformAdminPage) }],
                  },
                  { path: "*", element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
