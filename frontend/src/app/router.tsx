import { createBrowserRouter } from "react-router";
import { AppLayout } from "./AppLayout";
import { paths } from "./paths";

// Screens are lazy-loaded so the home route ships only what it needs.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import("@/features/home/HomePage")).HomePage }),
      },
      {
        path: "*",
        lazy: async () => ({
          Component: (await import("@/features/not-found/NotFoundPage")).NotFoundPage,
        }),
      },
    ],
  },
]);
