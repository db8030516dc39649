import type { RouteObject } from "react-router";
import { PublicLayout } from "../components/layout/public-layout";
import { NotFoundPage } from "../features/errors/not-found-page";
import { RouteErrorPage } from "../features/errors/route-error-page";
import { LandingPage } from "../features/landing/landing-page";
import { RootLayout } from "./root-layout";

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
            lazy: async () => ({ Component: (await import("../features/legal/terms-page")).TermsPage }),
          },
          {
            path: "/privacypolicy",
            lazy: async () => ({ Component: (await import("../features/legal/privacy-page")).PrivacyPage }),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
