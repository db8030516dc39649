// The lazy chunk behind /app/portfolio (see app/routes.tsx).
export { PortfolioPage } from "./portfolio-page";
