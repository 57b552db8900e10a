import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router";
import "./styles.css";

// docs/design/individual.md §7: queries never refetch on their own, stay fresh, and never retry.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

// The home page arrives pre-rendered (src/prerender.tsx). Rendering waits
// for the route's code so the live page replaces that markup in one step,
// never with a blank frame in between.
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

await routerReady();
const root = createRoot(document.getElementById("root")!);
// A transition renders in short slices, so a slow phone stays responsive
// while the first render runs; the page still changes in one commit.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
