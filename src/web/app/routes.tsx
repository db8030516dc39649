import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "../components/layout/public-layout";
import { NotFoundPage } from "../features/errors/not-found-page";
import { RouteErrorPage } from "../features/errors/route-error-page";
import { LandingPage } from "../features/landing/landing-page";
import { paths, routePatterns } from "../../shared/paths";
import { RootLayout } from "./root-layout";

/** A route whose page is a lazy chunk, named by its export. */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const authPages = () => import("../features/auth/auth-pages");
const twoFactorSetupPage = () => import("../features/two-factor/two-factor-setup-page");
const appPages = () => import("../features/app-shell/app-pages");
const documentPages = () => import("../features/documents/document-pages");
const contractsPages = () => import("../features/contracts/contracts-pages");
const billingPages = () => import("../features/billing/billing-pages");
const factSheetPages = () => import("../features/fact-sheet/fact-sheet-pages");
const organizationPages = () => import("../features/organizations/organization-pages");
const platformConsolePages = () => import("../features/admin/platform-console-pages");

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
          { path: paths.home, element: <LandingPage /> },
          {
            path: paths.terms,
            ...lazyPage(
              () => import("../features/legal/terms-page"),
              (m) => m.TermsPage,
            ),
          },
          {
            path: paths.privacy,
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
              { path: paths.login, ...lazyPage(authPages, (m) => m.LoginPage) },
              { path: paths.authVerify, ...lazyPage(authPages, (m) => m.VerifyPage) },
              { path: paths.authCode, ...lazyPage(authPages, (m) => m.CodePage) },
              { path: paths.authOpen, ...lazyPage(authPages, (m) => m.OpenLinkPage) },
              { path: paths.authHash, ...lazyPage(authPages, (m) => m.HashPage) },
              { path: paths.authError, ...lazyPage(authPages, (m) => m.AuthErrorPage) },
              { path: paths.authReset, ...lazyPage(authPages, (m) => m.ResetPasswordPage) },
              { path: paths.authNewPassword, ...lazyPage(authPages, (m) => m.NewPasswordPage) },
              { path: paths.authTwoFactor, ...lazyPage(authPages, (m) => m.TwoFactorPage) },
              { path: paths.authTwoFactorSetup, ...lazyPage(twoFactorSetupPage, (m) => m.TwoFactorSetupPage) },
              { path: paths.authCompleteInvite, ...lazyPage(authPages, (m) => m.CompleteInvitePage) },
              { path: paths.authYourName, ...lazyPage(authPages, (m) => m.YourNamePage) },
              { path: paths.completeInvite, ...lazyPage(authPages, (m) => m.CompleteInviteRedirectPage) },
            ],
          },
          {
            ...lazyPage(
              () => import("../features/session/guards"),
              (m) => m.RequireSession,
            ),
            children: [
              { path: routePatterns.localCheckout, ...lazyPage(billingPages, (m) => m.LocalCheckoutPage) },
              { path: paths.localPortal, ...lazyPage(billingPages, (m) => m.LocalPortalPage) },
              {
                path: paths.app,
                ...lazyPage(appPages, (m) => m.AppShell),
                children: [
                  { index: true, element: <Navigate to={paths.documents} replace /> },
                  { path: paths.documents, ...lazyPage(documentPages, (m) => m.DocumentsPage) },
                  { path: routePatterns.document, ...lazyPage(documentPages, (m) => m.DocumentViewPage) },
                  { path: routePatterns.documentFactSheet, ...lazyPage(factSheetPages, (m) => m.FactSheetPage) },
                  { path: routePatterns.compareFactSheets, ...lazyPage(factSheetPages, (m) => m.CompareFactSheetsPage) },
                  { path: paths.portfolio, ...lazyPage(contractsPages, (m) => m.PortfolioPage) },
                  {
                    path: paths.chat,
                    ...lazyPage(
                      () => import("../features/chat/chat-page"),
                      (m) => m.ChatPage,
                    ),
                  },
                  { path: paths.account, ...lazyPage(appPages, (m) => m.AccountPage) },
                  { path: paths.contactSales, ...lazyPage(organizationPages, (m) => m.EnterpriseUpgradePage) },
                  { path: paths.enterpriseUpgrade, ...lazyPage(organizationPages, (m) => m.EnterpriseUpgradePage) },
                  {
                    path: paths.organizationAdmin,
                    ...lazyPage(appPages, (m) => m.RequireOrganizationAdmin),
                    children: [{ index: true, ...lazyPage(organizationPages, (m) => m.OrganizationAdminPage) }],
                  },
                  {
                    path: paths.platformAdmin,
                    ...lazyPage(appPages, (m) => m.RequirePlatformOwner),
                    children: [{ index: true, ...lazyPage(platformConsolePages, (m) => m.PlatformConsolePage) }],
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
