import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { routes } from "./app/routes";
import { readSiteConfig } from "./lib/site-config";
import "./styles.css";

const router = createBrowserRouter(routes);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders site={readSiteConfig()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
